import { useState, type FormEvent, type ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { BusyButton } from "@/components/ui/BusyButton";
import { EmailField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { serverMessage } from "@/lib/api";
import { corporateCopy } from "../copy";
import { validEmail } from "../validation";
import { useSendUpdateLink } from "./api";
import { collectCopy } from "./copy";
import { LinkShare } from "./LinkShare";

const copy = collectCopy.update;

/**
 * "Send update link" for one library code: a single-use link (72 hours)
 * with which the worker corrects their own details, mailed to them when an
 * address is given, and shown once to the officer to pass on.
 */
export function SendUpdateLinkButton(props: {
  orgId: number;
  codeId: number;
  /** The code's name, so that each row's button has a name of its own. */
  codeName?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={props.className ?? "button button-small button-secondary"}
        aria-label={props.codeName ? `${copy.button}: ${props.codeName}` : undefined}
        onClick={() => setOpen(true)}
      >
        {copy.button}
      </button>
      {/* Mounted only while open: a library page holds one button per row. */}
      {open && (
        <UpdateLinkForm orgId={props.orgId} codeId={props.codeId} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function UpdateLinkForm(props: { orgId: number; codeId: number; onClose: () => void }) {
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
      onError: (error) =>
        toast({
          title: copy.failed,
          description: serverMessage(error) ?? undefined,
          variant: "destructive",
        }),
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
