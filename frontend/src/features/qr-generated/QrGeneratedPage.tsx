import { lazy, Suspense, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { LabelOptionsForm } from "@/components/label";
import { QrCode } from "@/components/qr";
import { useEarlierSessionGuard } from "@/hooks/useEarlierSessionGuard";
import { useLabelQrText } from "@/hooks/useQrTextFor";
import { hasEmergencyData } from "@/stores/emergency";
import { useLabelOptionsStore } from "@/stores/labelOptions";
import { writePendingOrderType, type OrderType } from "@/stores/pending";
import { usePaymentStatusStore, useUserStore } from "@/stores/session";
import { ReviewCard } from "@/components/review/ReviewCard";
import { qrPageCopy as copy } from "./copy";
import { LockScreenCard } from "./LockScreenCard";

// The content dialog, with Radix Dialog, loads only when asked for.
const QrContentDialog = lazy(async () => ({
  default: (await import("@/components/qr/QrContentDialog")).QrContentDialog,
}));

export function QrGeneratedPage() {
  const allowed = useEarlierSessionGuard();
  const navigate = useNavigate();
  const { text, real, data } = useLabelQrText();
  const options = useLabelOptionsStore((s) => s.options);
  const updateOptions = useLabelOptionsStore((s) => s.update);
  const user = useUserStore((s) => s.user);
  const status = usePaymentStatusStore((s) => s.status);
  const [contentOpen, setContentOpen] = useState(false);

  if (!allowed) return null;
  if (!hasEmergencyData(data)) return <Navigate to={paths.home} replace />;

  const paidButSignedOut = !user && status?.hasPrintAccess === true;
  const buy = (type: OrderType) => {
    writePendingOrderType(type);
    navigate(user ? paths.paymentSummary : paths.accountSetup);
  };

  return (
    <div className="qr-page">
      <div className="page-head">
        <h1>{real ? copy.titleReady : copy.titleSample}</h1>
        <p className="lead">{real ? copy.introReady : copy.introSample}</p>
      </div>

      <div className="qr-layout">
        <section className="card qr-card" aria-label={real ? copy.qrAlt : copy.sampleAlt}>
          <QrCode
            text={text}
            sample={!real}
            ready={real}
            alt={real ? copy.qrAlt : copy.sampleAlt}
          />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setContentOpen(true)}
          >
            {copy.viewContent}
          </button>
          {paidButSignedOut && (
            <p className="note note-blue">
              {copy.signInToSee}{" "}
              <Link to={`${paths.login}?return=${paths.qrGenerated}`}>{copy.signIn}</Link>
            </p>
          )}
        </section>

        <div className="qr-side">
          {!real && (
            <section className="card buy-card">
              <button
                type="button"
                className="button button-primary button-large"
                onClick={() => buy("print")}
              >
                {copy.unlock}
              </button>
              <p className="hint">{copy.unlockDetail}</p>
            </section>
          )}
          <section className="card buy-card">
            <button
              type="button"
              className="button button-secondary"
              disabled={options.labelType === "custom"}
              onClick={() => buy("physical")}
            >
              {copy.physical}
            </button>
            <p className="hint">
              {options.labelType === "custom" ? copy.physicalCustom : copy.physicalDetail}
            </p>
          </section>
          {user && <ReviewCard email={user.email} withSetting={false} />}
          <LockScreenCard real={real} data={data} />
          <section className="card">
            <h2>{copy.tipsTitle}</h2>
            <ul className="checklist">
              {copy.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>

      <section className="card" aria-labelledby="options-title">
        <h2 id="options-title">{copy.optionsTitle}</h2>
        <LabelOptionsForm value={options} onChange={updateOptions} />
        <div className="form-actions">
          <Link to={paths.printPreview} className="button button-primary">
            {copy.printPreview}
          </Link>
          <Link to={`${paths.printPreview}?print=true`} className="button button-secondary">
            {copy.print}
          </Link>
          <Link to={paths.home} className="button button-ghost">
            {copy.startOver}
          </Link>
        </div>
      </section>

      <section className="card referral-promo">
        <h2>{copy.promoTitle}</h2>
        <p>{copy.promoBody}</p>
        <Link to={paths.referrals}>{copy.promoLink}</Link>
      </section>

      {contentOpen && (
        <Suspense fallback={null}>
          <QrContentDialog open onOpenChange={setContentOpen} text={text} now={new Date()} />
        </Suspense>
      )}
    </div>
  );
}
