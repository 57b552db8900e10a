// Validation of the emergency record, rule for rule the same as
// pkg/emergency/validate.go (docs/design/individual.md §5 plus the byte limits that
// keep every valid record inside one level-H QR code).
import { parseDate } from "./dates";
import { multiLine, singleLine, utf8Bytes } from "./normalize";
import { fillMessage, rules, tooLongMessage, type LimitKey } from "./rules";
import type { EmergencyData } from "./types";

/** Field path (as react-hook-form names it) to its one message. */
export type FieldErrors = Record<string, string>;

const emailPattern = new RegExp(rules.emailPattern);
const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function validateEmergencyData(data: EmergencyData): FieldErrors {
  const msg = rules.messages;
  const errors: FieldErrors = {};
  const text = (field: string, value: string, key: LimitKey, requiredMessage?: string) => {
    if (value === "" && requiredMessage) errors[field] = requiredMessage;
    else if (utf8Bytes(value) > rules.maxBytes[key]) errors[field] = tooLongMessage(key);
  };

  const p = data.personalInfo ?? {};
  text("personalInfo.fullName", singleLine(p.fullName), "fullName", msg.fullNameRequired);
  const email = singleLine(p.email);
  if (!emailPattern.test(email) || utf8Bytes(email) > rules.maxBytes.email) {
    errors["personalInfo.email"] = msg.emailInvalid;
  }
  const dob = singleLine(p.dateOfBirth);
  if (dob !== "" && parseDate(dob) === null) {
    errors["personalInfo.dateOfBirth"] = msg.dateOfBirthInvalid;
  }
  if (!rules.bloodTypes.includes(singleLine(p.bloodType))) {
    errors["personalInfo.bloodType"] = msg.bloodTypeRequired;
  }
  if (p.weight !== undefined && p.weight !== null && !validWeight(p.weight)) {
    errors["personalInfo.weight"] = fillMessage(msg.weightInvalid, rules.weightKg);
  }

  const contacts = data.emergencyContacts ?? [];
  if (contacts.length === 0) {
    errors.emergencyContacts = msg.contactsRequired;
  } else if (contacts.length > rules.maxContacts) {
    errors.emergencyContacts = fillMessage(msg.tooManyContacts, { max: rules.maxContacts });
  }
  contacts.forEach((c, i) => {
    const prefix = `emergencyContacts.${i}.`;
    text(prefix + "id", singleLine(c.id), "contactId");
    text(prefix + "name", singleLine(c.name), "contactName", msg.contactNameRequired);
    text(prefix + "relationship", singleLine(c.relationship), "relationship");
    text(prefix + "phone", singleLine(c.phone), "phone", msg.phoneRequired);
  });

  const m = data.medicalInfo ?? {};
  text("medicalInfo.allergies", multiLine(m.allergies), "allergies");
  text("medicalInfo.medications", multiLine(m.medications), "medications");
  text("medicalInfo.conditions", multiLine(m.conditions), "conditions");
  text("medicalInfo.notes", multiLine(m.notes), "notes");

  const lastModified = singleLine(data.lastModified);
  if (lastModified !== "" && !validTimestamp(lastModified)) {
    errors.lastModified = msg.lastModifiedInvalid;
  }
  return errors;
}

function validWeight(weight: unknown): boolean {
  return typeof weight === "number" && weight >= rules.weightKg.min && weight <= rules.weightKg.max;
}

function validTimestamp(s: string): boolean {
  return timestampPattern.test(s) && !Number.isNaN(Date.parse(s));
}
