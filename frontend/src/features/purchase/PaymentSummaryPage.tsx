import { useEffect, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { toast } from "@/components/ui/toast-store";
import { hasEmergencyData, useEmergencyStore } from "@/stores/emergency";
import { useLabelOptionsStore } from "@/stores/labelOptions";
import { readPendingOrderType, readPendingUser } from "@/stores/pending";
import { useUserStore } from "@/stores/session";
import { useCheckSubscription } from "./api/check-subscription";
import { PaymentDialog } from "./components/PaymentDialog";
import { purchaseCopy } from "./copy";
import { useCompletePurchase } from "./hooks/useCompletePurchase";

const copy = purchaseCopy.summary;

export function PaymentSummaryPage() {
  const data = useEmergencyStore((s) => s.data);
  const user = useUserStore((s) => s.user);
  const labelType = useLabelOptionsStore((s) => s.options.labelType);
  const [mode] = useState(() => readPendingOrderType() ?? "print");
  const [email] = useState(
    () => user?.email ?? readPendingUser()?.email ?? data?.personalInfo.email ?? "",
  );
  const [open, setOpen] = useState(false);
  const complete = useCompletePurchase();
  // Someone who already has print access is not charged twice for it.
  const subscription = useCheckSubscription(mode === "print" && user ? user.email : null);
  useReturnFromBankCheck((succeeded) => {
    if (succeeded) void complete(mode);
    else
      toast({
        ...purchaseCopy.dialog.paymentFailed,
        description: copy.bankDeclined,
        variant: "destructive",
      });
  });

  if (!hasEmergencyData(data)) {
    return (
      <div className="empty-state">
        <h1>{copy.noData}</h1>
        <Link to={paths.home} className="button button-primary">
          {copy.returnHome}
        </Link>
      </div>
    );
  }
  if (subscription.isLoading) {
    return (
      <p className="loading" role="status">
        {copy.checkingSubscription}
      </p>
    );
  }
  if (mode === "print" && (subscription.data?.hasAccess || user?.hasPrintAccess)) {
    return <Navigate to={paths.qrGenerated} replace />;
  }

  const p = data.personalInfo;
  const contacts = data.emergencyContacts.filter(
    (c) => c.name.trim() !== "" || c.phone.trim() !== "",
  );
  return (
    <div className="summary-page">
      <h1>{copy.title}</h1>
      <div className="card summary-card">
        <dl className="summary-list">
          <div>
            <dt>{copy.name}</dt>
            <dd>{p.fullName}</dd>
          </div>
          {p.bloodType && (
            <div>
              <dt>{copy.bloodType}</dt>
              <dd>{p.bloodType}</dd>
            </div>
          )}
          <div>
            <dt>{copy.contacts}</dt>
            <dd>{contacts.length}</dd>
          </div>
          {data.medicalInfo.allergies?.trim() && (
            <div>
              <dt>{copy.allergies}</dt>
              <dd>{copy.listed}</dd>
            </div>
          )}
        </dl>
        <div className="summary-item">
          <div>
            <strong>{copy.item[mode]}</strong>
            <p className="hint">{copy.itemDetail[mode]}</p>
          </div>
          <span className="price">{copy.price[mode]}</span>
        </div>
        <div className="summary-total">
          <span>{copy.total}</span>
          <span className="price">{copy.price[mode]}</span>
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="button button-primary button-large"
            onClick={() => setOpen(true)}
          >
            {copy.pay(copy.price[mode])}
          </button>
          <Link to={paths.home} className="button button-ghost">
            {copy.back}
          </Link>
        </div>
      </div>
      {open && (
        <PaymentDialog
          open={open}
          onOpenChange={setOpen}
          mode={mode}
          email={email}
          fullName={p.fullName}
          labelType={labelType}
          onSuccess={() => void complete(mode)}
        />
      )}
    </div>
  );
}

/**
 * A card whose bank checks it on a page of its own takes the customer away
 * from the payment dialog; Stripe then sends them back here (the dialog's
 * return address) with redirect_status in the query. That status is
 * handled once and removed from the address. Fulfilment itself comes from
 * the verified webhook or the cloud's read-back, never from this query.
 */
function useReturnFromBankCheck(onReturn: (succeeded: boolean) => void) {
  const [params, setParams] = useSearchParams();
  const status = params.get("redirect_status");
  useEffect(() => {
    if (!status) return;
    setParams({}, { replace: true });
    onReturn(status === "succeeded");
    // Once, for the status the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
