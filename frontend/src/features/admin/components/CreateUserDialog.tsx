import { useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { toast } from "@/components/ui/toast-store";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { useCreateUser, type CreatedUser } from "../api/admin";
import { adminCopy as copy } from "../copy";
import { toastFailure } from "@/components/ui/toastFailure";
import { Switch } from "./Switch";

/**
 * 'Add User' → 'Create New User' → 'User Created Successfully' with the
 * password setup link (the page's origin joined with passwordSetupUrl).
 */
export function CreateUserDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Mounted afresh each time it opens, so it starts empty.
  return props.open ? <OpenCreateUserDialog onClose={() => props.onOpenChange(false)} /> : null;
}

function OpenCreateUserDialog(props: { onClose: () => void }) {
  const create = useCreateUser();
  const [email, setEmail] = useState("");
  const [grant, setGrant] = useState(false);
  const [created, setCreated] = useState<CreatedUser | null>(null);
  // A typed address is asked for before Escape, Cancel or leaving the page.
  const guard = useDiscardGuard(created === null && (email.trim() !== "" || grant));
  const close = props.onClose;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (email.trim() === "") {
      toast({
        title: copy.toasts.validationError,
        description: copy.toasts.emailRequired,
        variant: "destructive",
      });
      return;
    }
    create.mutate(
      { email: email.trim(), hasPrintAccess: grant },
      {
        onSuccess: setCreated,
        onError: (error) =>
          toastFailure(error, copy.toasts.creationFailed, copy.toasts.creationFallback),
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && guard.leave(close)}>
      {guard.dialog}
      <DialogContent className="dialog dialog-small">
        {created ? (
          <>
            <Dialog.Title>{copy.create.createdTitle}</Dialog.Title>
            <Dialog.Description>{copy.create.createdBody}</Dialog.Description>
            <input
              dir="auto"
              className="admin-link"
              readOnly
              aria-label="Password setup link"
              value={window.location.origin + created.passwordSetupUrl}
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="dialog-actions">
              <button type="button" className="button button-primary" onClick={close}>
                {copy.create.done}
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Dialog.Title>{copy.create.title}</Dialog.Title>
            <Dialog.Description className="hint">{copy.create.note}</Dialog.Description>
            <div className="field">
              <label htmlFor="admin-create-email">{copy.create.email}</label>
              <input
                dir="auto"
                id="admin-create-email"
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <div className="switch-row">
              <Switch
                id="admin-create-grant"
                checked={grant}
                onChange={setGrant}
                label={copy.create.grant}
              />
              <label htmlFor="admin-create-grant">{copy.create.grant}</label>
            </div>
            <div className="dialog-actions">
              <Dialog.Close className="button button-secondary" type="button">
                {copy.create.cancel}
              </Dialog.Close>
              <button type="submit" className="button button-primary" disabled={create.isPending}>
                {copy.create.submit}
              </button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog.Root>
  );
}
