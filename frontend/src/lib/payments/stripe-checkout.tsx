// Stripe's Payment Element, in its deferred-intent mode: the card form shows
// before the PaymentIntent exists (the dialog creates it on Pay), and the
// payment is confirmed with the intent's client secret. Loaded only when the
// cloud runs with Stripe keys.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe, type StripeElements } from "@stripe/stripe-js";
import { useEffect } from "react";
import type { PaymentMode, PaymentProvider } from "./provider";

// What the form shows Stripe it will charge, in pence. The cloud's constants
// (cloud/payment.go) are the truth: Stripe refuses to confirm an amount that
// differs from the intent the cloud created.
const pricePence: Record<PaymentMode, number> = { print: 99, physical: 999 };

const formNotReady = "The card form is still loading. Please try again.";

// The mounted form's Stripe objects, which prepare() and confirm() use.
let active: { stripe: Stripe; elements: StripeElements } | null = null;

function CardForm() {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    active = { stripe, elements };
    return () => {
      active = null;
    };
  }, [stripe, elements]);
  return <PaymentElement />;
}

export function stripeCheckoutProvider(publishableKey: string): PaymentProvider {
  const stripe = loadStripe(publishableKey);
  return {
    renderCardForm: (mode) => (
      <Elements
        stripe={stripe}
        options={{ mode: "payment", amount: pricePence[mode], currency: "gbp" }}
      >
        <CardForm />
      </Elements>
    ),
    prepare: async () => {
      if (!active) return { error: formNotReady };
      const { error } = await active.elements.submit();
      return error ? { error: error.message } : {};
    },
    confirm: async (clientSecret, returnUrl) => {
      if (!active) return { error: formNotReady };
      const { error } = await active.stripe.confirmPayment({
        elements: active.elements,
        clientSecret,
        confirmParams: { return_url: returnUrl },
        redirect: "if_required",
      });
      return error ? { error: error.message } : {};
    },
  };
}
