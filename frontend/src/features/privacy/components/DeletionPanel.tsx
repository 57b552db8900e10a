import { useId, useState } from "react";
import { toast } from "@/components/ui/toast-store";
import { privacyCopy as copy } from "../copy";
import { toastFailure } from "@/components/ui/toastFailure";
import { toasts } from "@/lib/copy";

/**
 * A deletion that must be confirmed by typing a phrase (docs/design/individual.md §5); the
 * button stays disabled until it matches, and Cancel closes the panel.
 */
export function DeletionPanel(props: {
  title: string;
  body: string;
  phrase: string;
  openLabel: string;
  confirmLabel: string;
  email: string;
  run: (body: { email: string; confirmation: string }) => Promise<{ message?: string } | null>;
  onDone: (message: string | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();
  const matches = typed === props.phrase;

  const submit = async () => {
    if (!matches)
      return toast({
        ...copy.confirmationRequired,
        description: copy.typePhrase(props.phrase),
        variant: "destructive",
      });
    setBusy(true);
    try {
      const result = await props.run({ email: props.email, confirmation: typed });
      setOpen(false);
      setTyped("");
      props.onDone(result?.message);
    } catch (error) {
      toastFailure(error, copy.deletionFailed.title, undefined, toasts.connectionError.description);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card danger-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      <p>{props.body}</p>
      {!open ? (
        <button
          type="button"
          className="button button-danger-outline"
          onClick={() => setOpen(true)}
        >
          {props.openLabel}
        </button>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-phrase`}>{copy.typePhrase(props.phrase)}</label>
            <input
              dir="auto"
              id={`${id}-phrase`}
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoFocus
            />
          </div>
          <div className="form-actions">
            <button
              type="submit"
              className="button button-danger"
              disabled={!matches || busy || props.email === ""}
            >
              {busy ? copy.deleting : props.confirmLabel}
            </button>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                setOpen(false);
                setTyped("");
              }}
            >
              {copy.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
