import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { referralCodeProblem, rememberReferralCode } from "@/lib/referral";
import { useEmergencyStore } from "@/stores/emergency";
import { EmergencyForm } from "./components/EmergencyForm";
import { HeroPhone } from "./components/HeroPhone";
import { homeCopy as copy } from "./copy";

// The dialog, Radix Dialog and the QR encoder load only when asked for.
const MobilePreviewDialog = lazy(async () => ({
  default: (await import("./components/MobilePreviewDialog")).MobilePreviewDialog,
}));

function scrollToForm() {
  const form = document.getElementById("emergency-form");
  form?.scrollIntoView({ behavior: "smooth", block: "start" });
  // Keyboard and screen-reader users land on the first field too.
  form?.querySelector<HTMLInputElement>("input")?.focus({ preventScroll: true });
}

export function HomePage() {
  const [params] = useSearchParams();
  const ref = params.get("ref")?.trim() || null;
  const refProblem = ref === null ? null : referralCodeProblem(ref);
  const revision = useEmergencyStore((s) => s.revision);
  const [previewOpen, setPreviewOpen] = useState(false);

  useEffect(() => {
    if (ref) rememberReferralCode(ref);
  }, [ref]);

  return (
    <div className="home">
      {ref && (
        <div
          className={`referral-banner ${refProblem ? "referral-banner-invalid" : ""}`}
          role="status"
        >
          {refProblem ? copy.referralNotApplied(refProblem) : copy.referralBanner(ref)}
        </div>
      )}

      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-copy">
          <p className="eyebrow">{copy.hero.eyebrow}</p>
          <h1 id="hero-title">{copy.hero.title}</h1>
          <p className="lead">{copy.hero.body}</p>
          <div className="hero-actions">
            <button
              type="button"
              className="button button-primary button-large"
              onClick={scrollToForm}
            >
              {copy.hero.cta}
            </button>
            <button
              type="button"
              className="button button-secondary button-large"
              onClick={() => setPreviewOpen(true)}
            >
              {copy.preview.open}
            </button>
          </div>
          <ul className="trust">
            {copy.hero.trust.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </div>
        <HeroPhone />
      </section>

      <section className="section" aria-labelledby="how-title">
        <h2 id="how-title">{copy.how.title}</h2>
        <ol className="steps">
          {copy.how.steps.map((step, i) => (
            <li key={step.title} className="step">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section" aria-labelledby="audience-title">
        <h2 id="audience-title">{copy.audience.title}</h2>
        <ul className="pills">
          {copy.audience.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="organisations-title">
        <h2 id="organisations-title">{copy.organisations.title}</h2>
        <p>{copy.organisations.body}</p>
        <div className="pills">
          <Link to={paths.corporateBenefits} className="button button-secondary">
            {copy.organisations.plans}
          </Link>
          <Link to={paths.corporateTrial} className="button button-ghost">
            {copy.organisations.trial}
          </Link>
        </div>
      </section>

      <section className="section" aria-labelledby="benefits-title">
        <h2 id="benefits-title">{copy.benefits.title}</h2>
        <ul className="cards-4">
          {copy.benefits.items.map((b) => (
            <li key={b.title} className="card">
              <h3>{b.title}</h3>
              <p>{b.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section includes" aria-labelledby="includes-title">
        <h2 id="includes-title">{copy.includes.title}</h2>
        <ul className="checklist">
          {copy.includes.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="hint">{copy.includes.note}</p>
      </section>

      <section id="emergency-form" className="section form-section" aria-label={copy.hero.eyebrow}>
        <EmergencyForm key={revision} />
      </section>

      <section className="section referral-promo" aria-labelledby="promo-title">
        <h2 id="promo-title">{copy.referralPromo.title}</h2>
        <p>{copy.referralPromo.body}</p>
        <Link to={paths.referrals} className="button button-secondary">
          {copy.referralPromo.cta}
        </Link>
      </section>

      {previewOpen && (
        <Suspense fallback={null}>
          <MobilePreviewDialog open={previewOpen} onOpenChange={setPreviewOpen} />
        </Suspense>
      )}
    </div>
  );
}
