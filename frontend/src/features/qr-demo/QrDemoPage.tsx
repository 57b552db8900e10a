import { qrDemoCopy as copy } from "./copy";
import { siteLocale } from "@/lib/copy";

const scannedAt = new Intl.DateTimeFormat(siteLocale, {
  dateStyle: "medium",
  timeStyle: "short",
});

/**
 * /qr-demo: what a first responder sees on scanning a code (docs/design/admin-corporate.md §2), for a
 * fixed sample person of age 39. Truthful about the code: plain text,
 * readable offline, not encrypted (docs/design/decisions.md §7).
 */
export function QrDemoPage() {
  const p = copy.person;
  return (
    <div className="section qr-demo">
      <article className="card phone-card" aria-labelledby="demo-title">
        <p className="demo-banner" role="note">
          {copy.banner}
        </p>
        <h1 id="demo-title">{p.name}</h1>
        <p className="hint">
          {copy.ageLabel(p.age)} · {copy.sampleNote}
        </p>
        <dl className="summary-list">
          <div>
            <dt>{copy.bloodType}</dt>
            <dd>{p.bloodType}</dd>
          </div>
          <div>
            <dt>{copy.weight}</dt>
            <dd>{p.weight}</dd>
          </div>
        </dl>
        <h2>{copy.contacts}</h2>
        <ul className="team-list">
          {copy.contactList.map((c) => (
            <li key={c.phone}>
              <div>
                <strong>{c.name}</strong>
                <p className="hint">
                  {c.relationship} · {c.phone}
                </p>
              </div>
              <a
                className="button button-small button-primary"
                href={`tel:${c.phone.replace(/\s/g, "")}`}
              >
                {copy.call}
              </a>
            </li>
          ))}
        </ul>
        <h2>{copy.medical}</h2>
        <dl className="summary-list">
          {copy.medicalList.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="hint">
          {copy.scanned}: {scannedAt.format(new Date())}
        </p>
        <p className="note note-blue">{copy.truth}</p>
      </article>
    </div>
  );
}
