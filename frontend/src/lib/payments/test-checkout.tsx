// The local test checkout: the cloud in development without Stripe keys
// takes a test card number and fulfils the payment through a locally signed
// event, exactly as Stripe's webhook would. Nothing here is a real payment,
// and the form says so.
import { useId } from "react";
import { create } from "zustand";
import { ApiError, apiRequest, serverMessage, type Wire } from "@/lib/api";
import type { PaymentProvider } from "./provider";

export const testCheckoutCopy = {
  badge: "TEST MODE",
  note: "This is a local test checkout: no real card is charged.",
  cards: "Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.",
  cardNumber: "Test card number",
  useTestCard: "Use the test card",
} as const;

const TEST_CARD = "4242 4242 4242 4242";

// The number typed into the form, read when the dialog confirms.
const useTestCard = create<{ number: string; setNumber: (number: string) => void }>((set) => ({
  number: "",
  setNumber: (number) => set({ number }),
}));

function TestCardForm() {
  const { number, setNumber } = useTestCard();
  const id = useId();
  return (
    <div className="test-checkout">
      <p className="test-checkout-note" role="note">
        <strong className="badge badge-test">{testCheckoutCopy.badge}</strong>{" "}
        {testCheckoutCopy.note} {testCheckoutCopy.cards}
      </p>
      <label htmlFor={id}>{testCheckoutCopy.cardNumber}</label>
      <div className="test-checkout-row">
        <input
          dir="auto"
          id={id}
          className="input"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={TEST_CARD}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
        <button type="button" className="button button-ghost" onClick={() => setNumber(TEST_CARD)}>
          {testCheckoutCopy.useTestCard}
        </button>
      </div>
    </div>
  );
}

export const testCheckoutProvider: PaymentProvider = {
  renderCardForm: () => <TestCardForm />,
  confirm: async (clientSecret) => {
    try {
      const body: Wire<"TestCheckoutRequest"> = {
        clientSecret,
        cardNumber: useTestCard.getState().number,
      };
      await apiRequest("POST", "/api/test-checkout/confirm", body);
      return {};
    } catch (error) {
      if (error instanceof ApiError) return { error: serverMessage(error) ?? error.message };
      throw error;
    }
  },
};
