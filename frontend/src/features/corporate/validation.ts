// The full registration form's rules (docs/design/admin-corporate.md §5), with its messages.
import { validAddress } from "@/lib/emergency/mailbox";
import { corporateCopy } from "./copy";
import { plans } from "./plans";

export const registrationFields = [
  "organizationName",
  "contactFirstName",
  "contactLastName",
  "contactEmail",
  "phone",
  "organizationType",
  "employeeCount",
  "subscriptionPlan",
  "address",
  "city",
  "country",
  "requirements",
] as const;

export type RegistrationField = (typeof registrationFields)[number];
export type Registration = Record<RegistrationField, string>;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

const messages = corporateCopy.register.messages;

/**
 * The cloud's check (cloud.ValidEmail): one mailbox by the shared rule
 * (validMailbox: nothing blank or invisible, no second address), its domain
 * with a dot inside (something@something.tld).
 */
export function validEmail(email: string): boolean {
  const domain = email.trim().slice(email.trim().indexOf("@") + 1);
  return validAddress(email) && domain.includes(".") && !domain.endsWith(".");
}

const atLeast = (n: number) => (v: string) => [...v.trim()].length >= n;
const oneOf = (values: readonly string[]) => (v: string) => values.includes(v);

const rules: [Exclude<RegistrationField, "requirements">, (v: string) => boolean][] = [
  ["organizationName", atLeast(2)],
  ["contactFirstName", atLeast(2)],
  ["contactLastName", atLeast(2)],
  ["contactEmail", validEmail],
  ["phone", atLeast(10)],
  ["organizationType", oneOf(corporateCopy.organizationTypes.map(([id]) => id))],
  ["employeeCount", oneOf(corporateCopy.employeeCounts)],
  ["subscriptionPlan", oneOf(plans.map((p) => p.id))],
  ["address", atLeast(10)],
  ["city", atLeast(2)],
  ["country", atLeast(2)],
];

/** Every problem of the form, by field; empty when it may be sent. */
export function validateRegistration(form: Registration): RegistrationErrors {
  const errors: RegistrationErrors = {};
  for (const [field, ok] of rules) if (!ok(form[field])) errors[field] = messages[field];
  return errors;
}

export const emptyRegistration: Registration = Object.fromEntries(
  registrationFields.map((f) => [f, ""]),
) as Registration;
