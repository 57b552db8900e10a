import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { AuthCard } from "@/components/layout/AuthCard";
import { BusyButton } from "@/components/ui/BusyButton";
import { TextField } from "@/components/ui/TextField";
import { useConfirmTestCheckout } from "./api/registration";
import { corporateCopy } from "./copy";
import { toastFailure } from "@/components/ui/toastFailure";

const copy = corporateCopy.testCheckout;

/**
 * The local test checkout (no Stripe keys, development only): it stands in
 * for Stripe Checkout. Paying asks the cloud to sign the event Stripe would
 * send, then goes to the success page as Checkout does.
 */
export function TestCheckoutPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sessionId = params.get("session_id") ?? "";
  const registrationId = params.get("registration_id") ?? "";
  const [card, setCard] = useState("");
  const confirm = useConfirmTestCheckout();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(
      { sessionId, cardNumber: card },
      {
        onSuccess: () =>
          navigate(
            `${paths.corporatePaymentSuccess}?session_id=${encodeURIComponent(sessionId)}&registration_id=${encodeURIComponent(registrationId)}`,
          ),
        onError: (error) =>
          toastFailure(
            error,
            corporateCopy.register.failed.title,
            corporateCopy.register.failed.description,
          ),
      },
    );
  };

  return (
    <AuthCard
      title={copy.title}
      intro={
        <>
          <span className="badge badge-yellow">{copy.badge}</span> {copy.intro}
        </>
      }
      onSubmit={onSubmit}
    >
      <TextField
        label={copy.card}
        inputMode="numeric"
        autoComplete="cc-number"
        required
        value={card}
        onChange={(e) => setCard(e.target.value)}
      />
      <BusyButton
        className="button button-primary button-block"
        busy={confirm.isPending}
        busyLabel={copy.paying}
      >
        {copy.pay}
      </BusyButton>
      <p className="auth-links">
        <Link to={paths.corporateRegister}>{copy.cancel}</Link>
      </p>
    </AuthCard>
  );
}
