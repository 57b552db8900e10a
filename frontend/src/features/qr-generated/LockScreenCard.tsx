import { useState } from "react";
import { LockedAction } from "@/components/ui/LockedAction";
import { serverMessage } from "@/lib/api";
import { RecordNotSavedError } from "@/lib/auth";
import type { EmergencyData } from "@/lib/emergency";
import { useUserStore } from "@/stores/session";
import { phones, saveLockScreen, useLockScreen, type Phone } from "./api/lock-screen";
import { qrPageCopy as copy } from "./copy";

/**
 * "Save for lock screen": paramedics look at a locked phone's lock screen
 * first, so the owner can set a wallpaper with their code and the label's
 * details. Paid, signed-in owners only; the cloud checks that too.
 */
export function LockScreenCard(props: { real: boolean; data: EmergencyData }) {
  const user = useUserStore((s) => s.user);
  const lockScreen = useLockScreen();
  const [failure, setFailure] = useState<{ phone: Phone; message: string } | null>(null);

  const save = (phone: Phone) => {
    if (!user || lockScreen.isPending) return;
    setFailure(null);
    lockScreen.mutate(
      { email: user.email, emergencyData: props.data, phone },
      {
        onSuccess: (png) => saveLockScreen(png, phone),
        onError: (error) => {
          console.error("Lock screen failed", error);
          const message =
            error instanceof RecordNotSavedError
              ? copy.lockScreen.recordNotSaved
              : (serverMessage(error) ?? copy.lockScreen.tryAgain);
          setFailure({ phone, message });
        },
      },
    );
  };

  return (
    <section className="card lock-screen-card" aria-labelledby="lock-screen-title">
      <h2 id="lock-screen-title">{copy.lockScreen.title}</h2>
      <p className="hint">{copy.lockScreen.body}</p>
      <div className="form-actions">
        {phones.map((phone) => (
          <LockedAction
            key={phone}
            locked={!props.real}
            reason={copy.lockScreen.locked}
            onClick={() => save(phone)}
            busy={lockScreen.isPending}
            className="button button-secondary"
          >
            {copy.lockScreen.save[phone]}
          </LockedAction>
        ))}
      </div>
      {failure && (
        <div className="note note-red" role="alert">
          <strong>{copy.lockScreen.failed}</strong> {failure.message}{" "}
          <button
            type="button"
            className="button button-secondary"
            disabled={lockScreen.isPending}
            onClick={() => save(failure.phone)}
          >
            {copy.lockScreen.retry}
          </button>
        </div>
      )}
    </section>
  );
}
