import { useState, type FormEvent, type ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { BusyButton } from "@/components/ui/BusyButton";
import { EmailField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { corporateCopy } from "../copy";
import { validEmail } from "../validation";
import { useSendUpdateLink } from "./api";
import { collectCopy } from "./copy";
import { LinkShare } from "./LinkShare";
import { toastFailure } from "@/components/ui/toastFailure";

const copy = collectCopy.update;

/**
 * Send update link's dialog: the optional address, then the link shown once.
 * Its own module, loaded when first opened: a library page of codes draws
 * one button per row and none of this.
 */
export function UpdateLinkForm(props: { orgId: number; codeId: number; onClose: () => void }) {
  const send = useSendUpdateLink(props.orgId, props.codeId);
  const [email, setEmail] = useState("");
  const [tried, setTried] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const invalid = email.trim() !== "" && !validEmail(email);
  // A typed address is asked for before Escape, Cancel or leaving the page.
  const guard = useDiscardGuard(url === null && email.trim() !== "");
  const shell = (body: ReactNode) => (
    <Dialog.Root open onOpenChange={(open) => !open && guard.leave(props.onClose)}>
      {guard.dialog}
      <DialogContent className="dialog dialog-small">{body}</DialogContent>
    </Dialog.Root>
  );

  if (url !== null) {
    return shell(
      <>
        <Dialog.Title>{email.trim() ? copy.sent : copy.created}</Dialog.Title>
        <Dialog.Description className="visually-hidden">{copy.description}</Dialog.Description>
        <LinkShare url={url} qr={false} />
        <div className="dialog-actions">
          <button type="button" className="button button-primary" onClick={props.onClose}>
            {collectCopy.links.done}
          </button>
        </div>
      </>,
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (invalid) return;
    send.mutate(email.trim(), {
      onSuccess: (answer) => {
        toast({ title: answer.message, variant: "success" });
        setUrl(answer.link.url ?? "");
      },
      onError: (error) => toastFailure(error, copy.failed),
    });
  };
  return shell(
    <form onSubmit={submit} noValidate>
      <Dialog.Title>{copy.title}</Dialog.Title>
      <Dialog.Description>{copy.description}</Dialog.Description>
      <EmailField
        label={copy.email}
        required={false}
        value={email}
        onValueChange={setEmail}
        error={tried && invalid ? corporateCopy.login.emailInvalid : undefined}
      />
      <div className="dialog-actions">
        <Dialog.Close className="button button-secondary" type="button">
          {collectCopy.links.cancel}
        </Dialog.Close>
        <BusyButton
          className="button button-primary"
          busy={send.isPending}
          busyLabel={copy.sending}
        >
          {copy.send}
        </BusyButton>
      </div>
    </form>,
  );
}
