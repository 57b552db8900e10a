import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { useState } from "react";
import { paths } from "@/app/paths";
import { toast } from "@/components/ui/toast-store";
import { validAddress } from "@/lib/emergency/mailbox";
import { usePaymentProvider } from "@/lib/payments/usePaymentProvider";
import { referralCode } from "@/lib/referral";
import type { LabelType } from "@/lib/labels";
import {
  readPendingShippingAddress,
  writePendingShippingAddress,
  type OrderType,
  type ShippingAddress,
} from "@/stores/pending";
import { prices } from "@/lib/copy";
import { AccountExistsError, createPaymentIntent } from "../api/create-payment-intent";
import { purchaseCopy } from "../copy";
import { ShippingFields, validateShipping, type ShippingErrors } from "./ShippingFields";

const copy = purchaseCopy.dialog;

/**
 * The payment modal (docs/design/individual.md §2): print or physical mode, a card form, Cancel
 * and Pay. Physical mode collects the shipping address first.
 */
export function PaymentDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: OrderType;
  email: string;
  fullName: string;
  labelType: LabelType;
  onSuccess: () => void;
}) {
  const [address, setAddress] = useState<ShippingAddress>(
    () =>
      readPendingShippingAddress() ?? {
        email: props.email,
        fullName: props.fullName,
        addressLine1: "",
        addressLine2: "",
        city: "",
        county: "",
        postcode: "",
        country: "United Kingdom",
      },
  );
  const [errors, setErrors] = useState<ShippingErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [packs, setPacks] = useState(1);
  const price =
    props.mode === "physical"
      ? copy.total(packs * prices.physicalPackPence)
      : purchaseCopy.summary.price[props.mode];
  const provider = usePaymentProvider();

  const pay = async () => {
    setFailure(null);
    if (!validAddress(props.email)) {
      setFailure(copy.emailMissing);
      return;
    }
    if (props.mode === "physical") {
      const found = validateShipping(address);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      writePendingShippingAddress(address);
    }
    if (!provider) {
      setFailure(copy.cardPending);
      return;
    }
    setBusy(true);
    try {
      const prepared = (await provider.prepare?.()) ?? {};
      if (prepared.error) {
        setFailure(prepared.error);
        return;
      }
      const clientSecret = await createPaymentIntent(
        props.mode === "print"
          ? { type: "print", email: props.email, referralCode: referralCode() }
          : {
              type: "physical",
              email: props.email,
              labelType: props.labelType === "custom" ? "helmet" : props.labelType,
              quantity: packs,
              shippingAddress: address,
              referralCode: referralCode(),
            },
      );
      // Back to this site's payment summary if the bank needs its own page.
      const result = await provider.confirm(
        clientSecret,
        `${window.location.origin}${paths.paymentSummary}`,
      );
      if (result.error) {
        toast({ ...copy.paymentFailed, description: result.error, variant: "destructive" });
        return;
      }
      props.onSuccess();
      props.onOpenChange(false);
    } catch (error) {
      console.error("Payment failed", error);
      const message = error instanceof Error ? error.message : "";
      if (error instanceof AccountExistsError) {
        setFailure(message);
      } else if (message.startsWith("Payment initialization failed") || message === copy.noSecret) {
        setFailure(`${message}. ${copy.initFallback}`);
      } else {
        toast({ ...copy.paymentError, variant: "destructive" });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !busy && props.onOpenChange(open)}>
      <DialogContent className="dialog payment-dialog">
        <Dialog.Title>{copy.title[props.mode]}</Dialog.Title>
        <Dialog.Description className="hint">{copy.description[props.mode]}</Dialog.Description>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void pay();
          }}
          noValidate
        >
          {props.mode === "physical" && (
            <>
              <div className="field">
                <label htmlFor="packs">{copy.packs}</label>
                <select
                  id="packs"
                  value={packs}
                  onChange={(e) => setPacks(Number(e.target.value))}
                  aria-describedby="packs-hint"
                >
                  {Array.from({ length: prices.maxPhysicalPacks }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <p id="packs-hint" className="hint">
                  {copy.packsHint}
                </p>
              </div>
              <ShippingFields value={address} onChange={setAddress} errors={errors} />
            </>
          )}
          <fieldset className="card-fieldset">
            <legend>{copy.card}</legend>
            <div className="card-element">
              {provider?.renderCardForm(props.mode) ?? <p className="hint">{copy.cardPending}</p>}
            </div>
          </fieldset>
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <div className="dialog-actions">
            <Dialog.Close className="button button-ghost" disabled={busy}>
              {copy.cancel}
            </Dialog.Close>
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? copy.paying : copy.pay(price)}
            </button>
          </div>
        </form>
      </DialogContent>
    </Dialog.Root>
  );
}
