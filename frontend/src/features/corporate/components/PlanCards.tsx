import { corporateCopy } from "../copy";
import { plans, planPrice } from "../plans";

const copy = corporateCopy.benefits;

/** The plan table (docs/design/admin-corporate.md §9), from the one plan file. */
export function PlanCards(props: { selected?: string; onSelect?: (id: string) => void }) {
  return (
    <div className="grid-3 plan-cards">
      {plans.map((plan) => (
        <section
          key={plan.id}
          className={`card plan-card ${props.selected === plan.id ? "plan-card-selected" : ""}`}
          aria-labelledby={`plan-${plan.id}`}
        >
          <h3 id={`plan-${plan.id}`}>{plan.name}</h3>
          <p className="price">
            {planPrice(plan)}
            <span className="hint">{copy.perMonth}</span>
          </p>
          <ul className="checklist">
            {plan.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          {props.onSelect && (
            <button
              type="button"
              className="button button-secondary button-block"
              aria-pressed={props.selected === plan.id}
              onClick={() => props.onSelect?.(plan.id)}
            >
              {plan.name}
            </button>
          )}
        </section>
      ))}
    </div>
  );
}
