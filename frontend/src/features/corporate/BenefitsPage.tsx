import { Link } from "react-router";
import { paths } from "@/app/paths";
import { PlanCards } from "./components/PlanCards";
import { corporateCopy } from "./copy";

const copy = corporateCopy.benefits;

/** /corporate-benefits: the marketing page with the plan table (docs/design/admin-corporate.md §2). */
export function BenefitsPage() {
  return (
    <div className="section corporate-page">
      <div className="page-head">
        <h1>{copy.title}</h1>
        <p className="lead">{copy.lead}</p>
      </div>
      <ul className="checklist">
        {copy.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {/* The plans' names are h3s: their section heading keeps the outline in order. */}
      <h2>{copy.plansTitle}</h2>
      <PlanCards />
      <p className="hero-actions">
        <Link className="button button-primary button-large" to={paths.corporateRegister}>
          {copy.choose}
        </Link>
        <Link className="button button-ghost" to={paths.corporateTrial}>
          {copy.trial}
        </Link>
      </p>
    </div>
  );
}
