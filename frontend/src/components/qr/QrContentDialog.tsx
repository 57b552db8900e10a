import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { brand, siteLocale } from "@/lib/copy";
import { qrContentCopy as copy } from "./copy";

function PhoneStatusBar(props: { now: Date }) {
  const time = props.now.toLocaleTimeString(siteLocale, { hour: "2-digit", minute: "2-digit" });
  return (
    <div className="phone-status" aria-hidden="true">
      <span className="phone-time">{time}</span>
      <span className="phone-icons">
        <svg width="18" height="12" viewBox="0 0 18 12" className="phone-signal">
          <rect x="0" y="8" width="3" height="4" rx="0.5" />
          <rect x="5" y="5" width="3" height="7" rx="0.5" />
          <rect x="10" y="2.5" width="3" height="9.5" rx="0.5" />
          <rect x="15" y="0" width="3" height="12" rx="0.5" />
        </svg>
        <svg width="26" height="12" viewBox="0 0 26 12" className="phone-battery">
          <rect x="0.5" y="0.5" width="22" height="11" rx="2.5" fill="none" stroke="currentColor" />
          <rect x="2" y="2" width="15" height="8" rx="1.5" />
          <rect x="23.5" y="4" width="2" height="4" rx="1" />
        </svg>
      </span>
    </div>
  );
}

/**
 * The plain text of a code as a phone shows it (docs/design/individual.md §1). Radix mounts the
 * content only while open, so the text is not in the page otherwise.
 */
export function QrContentDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  text: string;
  now: Date;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="dialog qr-content-dialog">
        <div className="qr-content-header">
          <Dialog.Title className="qr-content-title">{copy.title}</Dialog.Title>
          <Dialog.Description className="qr-content-subtitle">{copy.subtitle}</Dialog.Description>
        </div>
        <div className="qr-content-body">
          <p>{copy.intro}</p>
          <div className="phone">
            <PhoneStatusBar now={props.now} />
            <pre className="phone-text" data-testid="qr-text">
              {props.text}
            </pre>
          </div>
          <div className="note note-blue">
            <p className="note-title">{copy.noteTitle}</p>
            <p>{copy.noteBody}</p>
          </div>
        </div>
        <div className="qr-content-footer">
          <span className="brand-mark" aria-hidden="true">
            +
          </span>
          <span>
            <strong>{brand.name}</strong> · {brand.line}
          </span>
          <Dialog.Close className="button button-secondary">{copy.close}</Dialog.Close>
        </div>
      </DialogContent>
    </Dialog.Root>
  );
}
