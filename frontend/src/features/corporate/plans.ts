// The plan table (docs/design/admin-corporate.md §9) is pkg/plans/plans.json, read by the cloud too.
import table from "@pkg/plans/plans.json";

export interface Plan {
  id: string;
  name: string;
  pricePence: number;
  maxQrCodes: number;
  lookupKey: string;
  features: string[];
}

export const plans: Plan[] = table.plans;
export const maxAdminAccounts: number = table.maxAdminAccounts;
export const trialDays: number = table.trialDays;
export const defaultPlan: string = table.defaultPlan;

export function findPlan(id: string): Plan | undefined {
  return plans.find((p) => p.id === id);
}

/**
 * A trial's QR code allowance: the default (Starter) plan's, whatever plan
 * it tries, so that a free trial is never a free large plan (the server's
 * rule, pkg/plans TrialMaxQRCodes; a person at Lifetag may raise one).
 */
export const trialMaxQrCodes: number = findPlan(defaultPlan)?.maxQrCodes ?? 0;

/** £10, £25, £99: whole pounds as the spec shows them. */
export function planPrice(plan: Plan): string {
  const pounds = plan.pricePence / 100;
  return `£${Number.isInteger(pounds) ? pounds : pounds.toFixed(2)}`;
}
