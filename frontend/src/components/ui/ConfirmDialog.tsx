import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";

/** A yes-or-no question in a dialog; Cancel has the focus, so Enter is safe. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="dialog dialog-small">
        <Dialog.Title>{props.title}</Dialog.Title>
        <Dialog.Description>{props.description}</Dialog.Description>
        <div className="dialog-actions">
          <Dialog.Close className="button button-secondary" data-autofocus>
            {props.cancelLabel}
          </Dialog.Close>
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              props.onConfirm();
              props.onOpenChange(false);
            }}
          >
            {props.confirmLabel}
          </button>
        </div>
      </DialogContent>
    </Dialog.Root>
  );
}
