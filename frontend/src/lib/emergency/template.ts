// Corporate form templates and the records made from them, rule for rule the
// same as pkg/emergency/template.go and template_validate.go. The limits and
// messages are in rules.json ("templates"); the QR layout is in PAYLOAD.md
// ("Template records"), and the golden vectors hold Go and TypeScript to it.
import { formatDate, parseDate } from "./dates";
import { multiLine, singleLine, utf8Bytes } from "./normalize";
import { layoutQrText } from "./qrText";
import { fillMessage, rules, tooLongMessage, type LimitKey } from "./rules";
import type { EmergencyContact, EmergencyData } from "./types";

export const FIELD_TYPES = [
  "text",
  "email",
  "phone",
  "textarea",
  "select",
  "date",
  "number",
  "checkbox",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** In the order the live preview groups them. */
export const FIELD_CATEGORIES = ["personal", "emergency", "medical", "work", "other"] as const;
export type FieldCategory = (typeof FIELD_CATEGORIES)[number];

/** One question of a form template (emergency.Field). */
export interface TemplateField {
  id: string;
  type: FieldType;
  label: string;
  placeholder?: string;
  required: boolean;
  category: FieldCategory;
  /** 1-based */
  order: number;
  options?: string[];
  /** The docs/design/individual.md §1 slot the field fills; absent for the extra section. */
  standard?: string;
}

/** Values by field id. */
export type RecordValues = Record<string, string>;

/** A person's record made from a template (emergency.Record). */
export interface TemplateRecord {
  fields: TemplateField[];
  values: RecordValues;
}

export const SLOT = {
  fullName: "fullName",
  dateOfBirth: "dateOfBirth",
  bloodType: "bloodType",
  weight: "weight",
  allergies: "allergies",
  medications: "medications",
  conditions: "conditions",
  notes: "notes",
} as const;

export function contactSlot(n: number, part: "name" | "phone" | "relationship"): string {
  return `contact${n}.${part}`;
}

/** A ticked checkbox's value; unticked is "". */
export const CHECKED = "true";

export const STANDARD_FORM_NAME = "Standard Emergency Form";

export const templateRules = rules.templates;

/** The spec's default template fields (docs/design/admin-corporate.md §3), loaded by 'Load Default'. */
export function defaultFields(): TemplateField[] {
  return [
    f("fullName", "text", "Full Name", true, "personal", SLOT.fullName),
    f("email", "email", "Email", true, "personal"),
    f("phone", "phone", "Phone", true, "personal"),
    f("emergencyContact", "text", "Emergency Contact", true, "emergency", contactSlot(1, "name")),
    f("emergencyPhone", "phone", "Emergency Phone", true, "emergency", contactSlot(1, "phone")),
    f("medicalConditions", "textarea", "Medical Conditions", false, "medical", SLOT.conditions),
  ].map((field, i) => ({ ...field, order: i + 1 }));
}

/** The built-in Standard Emergency Form (emergency.StandardFields). */
export function standardFields(): TemplateField[] {
  return [
    f("fullName", "text", "Full Name", true, "personal", SLOT.fullName),
    f("dateOfBirth", "date", "Date of Birth", false, "personal", SLOT.dateOfBirth),
    {
      ...f("bloodType", "select", "Blood Type", true, "medical", SLOT.bloodType),
      options: [...rules.bloodTypes],
    },
    f("weight", "number", "Weight (kg)", false, "personal", SLOT.weight),
    f("contact1Name", "text", "Emergency Contact Name", true, "emergency", contactSlot(1, "name")),
    f(
      "contact1Relationship",
      "text",
      "Relationship",
      false,
      "emergency",
      contactSlot(1, "relationship"),
    ),
    f(
      "contact1Phone",
      "phone",
      "Emergency Contact Phone",
      true,
      "emergency",
      contactSlot(1, "phone"),
    ),
    f("contact2Name", "text", "Second Contact Name", false, "emergency", contactSlot(2, "name")),
    f(
      "contact2Relationship",
      "text",
      "Second Contact Relationship",
      false,
      "emergency",
      contactSlot(2, "relationship"),
    ),
    f(
      "contact2Phone",
      "phone",
      "Second Contact Phone",
      false,
      "emergency",
      contactSlot(2, "phone"),
    ),
    f("allergies", "textarea", "Allergies", false, "medical", SLOT.allergies),
    f("medications", "textarea", "Medications", false, "medical", SLOT.medications),
    f("conditions", "textarea", "Medical Conditions", false, "medical", SLOT.conditions),
    f("notes", "textarea", "Notes", false, "medical", SLOT.notes),
  ].map((field, i) => ({ ...field, order: i + 1 }));
}

function f(
  id: string,
  type: FieldType,
  label: string,
  required: boolean,
  category: FieldCategory,
  standard?: string,
): TemplateField {
  return { id, type, label, required, category, order: 0, ...(standard ? { standard } : {}) };
}

interface SlotRule {
  types: FieldType[];
  limitKey?: LimitKey;
  required?: string;
}

function parseContactSlot(slot: string): { n: number; part: string } | null {
  // One spelling per slot: no sign or leading zero.
  const match = /^contact([1-9][0-9]*)\.(.*)$/.exec(slot);
  return match ? { n: Number(match[1]), part: match[2]! } : null;
}

function ruleOfSlot(slot: string): SlotRule | null {
  const msg = rules.messages;
  switch (slot) {
    case SLOT.fullName:
      return { types: ["text"], limitKey: "fullName", required: msg.fullNameRequired };
    case SLOT.dateOfBirth:
      return { types: ["date"] };
    case SLOT.bloodType:
      return { types: ["select"], required: msg.bloodTypeRequired };
    case SLOT.weight:
      return { types: ["number"] };
    case SLOT.allergies:
    case SLOT.medications:
    case SLOT.conditions:
    case SLOT.notes:
      return { types: ["textarea", "text"], limitKey: slot };
  }
  const contact = parseContactSlot(slot);
  if (!contact || contact.n > rules.maxContacts) return null;
  switch (contact.part) {
    case "name":
      return { types: ["text"], limitKey: "contactName", required: msg.contactNameRequired };
    case "relationship":
      return { types: ["text"], limitKey: "relationship" };
    case "phone":
      return { types: ["phone", "text"], limitKey: "phone", required: msg.phoneRequired };
  }
  return null;
}

/** Fields in form order (order, then as given). */
export function sortedFields(fields: TemplateField[]): TemplateField[] {
  return [...fields].sort((a, b) => a.order - b.order);
}

/** The standard record the record's slotted fields make (Record.Data in Go). */
export function recordData(r: TemplateRecord): EmergencyData {
  const data: EmergencyData = {
    personalInfo: { fullName: "", email: "", bloodType: "" },
    emergencyContacts: [],
    medicalInfo: {},
  };
  const contacts = new Map<number, EmergencyContact>();
  for (const field of r.fields) {
    const v = normalizeValue(field.type, r.values[field.id]);
    switch (field.standard) {
      case undefined:
      case "":
        break;
      case SLOT.fullName:
        data.personalInfo.fullName = v;
        break;
      case SLOT.dateOfBirth:
        data.personalInfo.dateOfBirth = v;
        break;
      case SLOT.bloodType:
        data.personalInfo.bloodType = v;
        break;
      case SLOT.weight: {
        const w = singleLine(v);
        if (NUMBER_PATTERN.test(w)) data.personalInfo.weight = Number(w);
        break;
      }
      case SLOT.allergies:
      case SLOT.medications:
      case SLOT.conditions:
      case SLOT.notes:
        data.medicalInfo[field.standard] = v;
        break;
      default: {
        const slot = parseContactSlot(field.standard);
        if (!slot) break;
        const c = contacts.get(slot.n) ?? { id: String(slot.n), name: "", phone: "" };
        contacts.set(slot.n, c);
        if (slot.part === "name") c.name = v;
        else if (slot.part === "phone") c.phone = v;
        else if (slot.part === "relationship") c.relationship = v;
      }
    }
  }
  data.emergencyContacts = [...contacts.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
  return data;
}

function normalizeValue(type: FieldType, value: string | undefined): string {
  switch (type) {
    case "textarea":
      return multiLine(value);
    case "checkbox": {
      const v = singleLine(value);
      return v === "false" ? "" : v;
    }
  }
  return singleLine(value);
}

/** How an extra field's value reads in the QR text; "" when left out. */
function printedValue(field: TemplateField, value: string | undefined): string {
  const v = normalizeValue(field.type, value);
  switch (field.type) {
    case "email":
      return ""; // e-mail addresses are never printed (PAYLOAD.md)
    case "checkbox":
      return v === CHECKED ? "Yes" : "";
    case "date": {
      const d = parseDate(v);
      return d ? formatDate(d.year, d.month, d.day) : v;
    }
  }
  return v;
}

/** The values of the fields, normalised, without blanks or unknown ids. */
export function normalizeValues(fields: TemplateField[], values: RecordValues): RecordValues {
  const out: RecordValues = {};
  for (const field of fields) {
    const v = normalizeValue(field.type, values[field.id]);
    if (v !== "") out[field.id] = v;
  }
  return out;
}

/**
 * The text a scan of a template-made code shows: the docs/design/individual.md §1 text of its
 * standard fields, the other fields in one extra section before the
 * Generated line. Formats whatever it is given; validateRecord first.
 */
export function recordQrText(r: TemplateRecord, generatedAt: Date, timeZone: string): string {
  const extra: string[] = [];
  for (const field of sortedFields(r.fields)) {
    if (field.standard) continue;
    const v = printedValue(field, r.values[field.id]);
    if (v !== "") extra.push(`${singleLine(field.label)}: ${v}`);
  }
  return layoutQrText(recordData(r), generatedAt, timeZone, { extra });
}

const FIELD_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
/** A plain decimal: no exponent, hex or infinity, read alike by Go and JS. */
const NUMBER_PATTERN = /^-?[0-9]+(\.[0-9]+)?$/;
const emailPattern = new RegExp(rules.emailPattern);

/**
 * A template's fields as they are saved: in form order numbered from 1,
 * labels, placeholders and options on one line, blank and repeated options
 * dropped, options only on select fields, the blood type slot's options
 * always rules.json's blood types.
 */
export function normalizeFields(fields: TemplateField[]): TemplateField[] {
  return sortedFields(fields).map((field, i) => {
    const out: TemplateField = {
      id: field.id.trim(),
      type: field.type,
      label: singleLine(field.label),
      required: field.required,
      category: field.category,
      order: i + 1,
    };
    const placeholder = singleLine(field.placeholder);
    if (placeholder !== "") out.placeholder = placeholder;
    let options: string[] = [];
    if (field.type === "select") {
      for (const o of (field.options ?? []).map((o) => singleLine(o))) {
        if (o !== "" && !options.includes(o)) options.push(o);
      }
    }
    const standard = (field.standard ?? "").trim();
    if (standard === SLOT.bloodType) options = [...rules.bloodTypes];
    if (options.length > 0) out.options = options;
    if (standard !== "") out.standard = standard;
    return out;
  });
}

/** The Add Field dialog's options, one per line, blank lines dropped (docs/design/admin-corporate.md §5). */
export function splitOptions(text: string): string[] {
  return text
    .split(/[\n\r\u2028\u2029]/)
    .map((line) => singleLine(line))
    .filter((line) => line !== "");
}

/** Field id (or "fields" for the list as a whole) to its message. */
export type TemplateErrors = Record<string, string>;

function templateTooLong(name: string, key: keyof typeof templateRules.maxBytes): string {
  return fillMessage(templateRules.messages.tooLong, {
    field: name,
    max: templateRules.maxBytes[key],
  });
}

/**
 * Checks a template's fields, already normalised; {} when valid. The first
 * entry is the message to show.
 */
export function validateFields(fields: TemplateField[]): TemplateErrors {
  const msg = templateRules.messages;
  const errors: TemplateErrors = {};
  if (fields.length === 0) return { fields: msg.fieldsRequired };
  if (fields.length > templateRules.maxFields) {
    return { fields: fillMessage(msg.tooManyFields, { max: templateRules.maxFields }) };
  }
  const ids = new Set<string>();
  const slots = new Set<string>();
  for (const field of fields) {
    const name = { field: field.label === "" ? "A field" : field.label };
    const options = field.options ?? [];
    if (
      field.id === "" ||
      utf8Bytes(field.id) > templateRules.maxBytes.id ||
      !FIELD_ID_PATTERN.test(field.id) ||
      ids.has(field.id)
    ) {
      errors.fields = msg.idInvalid;
      return errors;
    }
    let problem: string | undefined;
    if (field.label === "") problem = msg.labelRequired;
    else if (utf8Bytes(field.label) > templateRules.maxBytes.label) {
      problem = templateTooLong("Field label", "label");
    } else if (utf8Bytes(field.placeholder ?? "") > templateRules.maxBytes.placeholder) {
      problem = templateTooLong("Placeholder", "placeholder");
    } else if (!(FIELD_TYPES as readonly string[]).includes(field.type)) {
      problem = fillMessage(msg.typeInvalid, name);
    } else if (!(FIELD_CATEGORIES as readonly string[]).includes(field.category)) {
      problem = fillMessage(msg.categoryInvalid, name);
    } else if (field.type === "select" && options.length === 0) {
      problem = fillMessage(msg.optionsRequired, name);
    } else if (options.length > templateRules.maxOptions) {
      problem = fillMessage(msg.tooManyOptions, { ...name, max: templateRules.maxOptions });
    } else if (options.some((o) => utf8Bytes(o) > templateRules.maxBytes.option)) {
      problem = templateTooLong("Each option", "option");
    } else if (field.standard && !validSlot(field, slots)) {
      problem = fillMessage(msg.standardInvalid, { ...name, slot: field.standard });
    }
    if (problem) errors[field.id] = problem;
    ids.add(field.id);
    if (field.standard) slots.add(field.standard);
  }
  if (Object.keys(errors).length > 0) return errors;
  const bytes = largestRecordBytes(fields);
  if (bytes > templateRules.qrCapacityBytes) {
    errors.fields = fillMessage(msg.tooLarge, { bytes, max: templateRules.qrCapacityBytes });
  }
  return errors;
}

function validSlot(field: TemplateField, filled: Set<string>): boolean {
  const rule = ruleOfSlot(field.standard ?? "");
  return rule !== null && !filled.has(field.standard!) && rule.types.includes(field.type);
}

/** The byte limit of a field's value and its message; 0 for none. */
function valueLimit(field: TemplateField): [number, string] {
  if (field.standard) {
    const rule = ruleOfSlot(field.standard);
    if (rule)
      return rule.limitKey
        ? [rules.maxBytes[rule.limitKey], tooLongMessage(rule.limitKey)]
        : [0, ""];
  }
  switch (field.type) {
    case "text":
    case "textarea":
    case "number":
    case "phone":
    case "email": {
      const max = templateRules.maxBytes[field.type];
      return [max, fillMessage(rules.messages.tooLong, { field: field.label, max })];
    }
  }
  return [0, ""];
}

function largestValue(field: TemplateField): string {
  if (field.standard === SLOT.weight) return "499.9";
  switch (field.type) {
    case "date":
      return "2000-12-31";
    case "checkbox":
      return CHECKED;
    case "select":
      return (field.options ?? []).reduce((a, b) => (utf8Bytes(b) > utf8Bytes(a) ? b : a), "");
  }
  return "9".repeat(valueLimit(field)[0]);
}

/**
 * The size of the QR text of the largest record the fields allow: every
 * value at its limit, on a date with a two-digit day. A template is valid
 * only if this fits one level-M code (templateRules.qrCapacityBytes).
 */
export function largestRecordBytes(fields: TemplateField[]): number {
  const values: RecordValues = {};
  for (const field of fields) values[field.id] = largestValue(field);
  return utf8Bytes(recordQrText({ fields, values }, new Date("2026-12-31T12:00:00Z"), "UTC"));
}

/**
 * Checks a record's values against its (valid) fields; {} when valid, keyed
 * by field id. Standard slots use the individual record's rules and
 * messages; a contact's name and phone go together.
 */
export function validateRecord(fields: TemplateField[], values: RecordValues): TemplateErrors {
  const msg = templateRules.messages;
  const errors: TemplateErrors = {};
  const norm = normalizeValues(fields, values);
  const bySlot = new Map<string, TemplateField>();
  for (const field of fields) if (field.standard) bySlot.set(field.standard, field);

  for (const field of sortedFields(fields)) {
    const v = norm[field.id] ?? "";
    const name = { field: field.label };
    const rule = field.standard ? ruleOfSlot(field.standard) : null;
    if (v === "") {
      let required = field.required;
      const contact = parseContactSlot(field.standard ?? "");
      if (contact && (contact.part === "name" || contact.part === "phone")) {
        const other = bySlot.get(
          contactSlot(contact.n, contact.part === "name" ? "phone" : "name"),
        );
        if (other && (norm[other.id] ?? "") !== "") required = true;
      }
      if (!required) continue;
      errors[field.id] = rule?.required ?? fillMessage(msg.fieldRequired, name);
      continue;
    }
    const [limit, tooLong] = valueLimit(field);
    if (limit > 0 && utf8Bytes(v) > limit) {
      errors[field.id] = tooLong;
      continue;
    }
    let problem: string | undefined;
    if (field.standard === SLOT.dateOfBirth) {
      if (!parseDate(v)) problem = rules.messages.dateOfBirthInvalid;
    } else if (field.standard === SLOT.bloodType) {
      if (!rules.bloodTypes.includes(v)) problem = rules.messages.bloodTypeRequired;
    } else if (field.standard === SLOT.weight) {
      const w = Number(v);
      if (!NUMBER_PATTERN.test(v) || w < rules.weightKg.min || w > rules.weightKg.max) {
        problem = fillMessage(rules.messages.weightInvalid, rules.weightKg);
      }
    } else if (field.type === "select") {
      if (!(field.options ?? []).includes(v)) problem = fillMessage(msg.choiceInvalid, name);
    } else if (field.type === "date") {
      if (!parseDate(v)) problem = fillMessage(msg.dateInvalid, name);
    } else if (field.type === "number") {
      if (!NUMBER_PATTERN.test(v)) problem = fillMessage(msg.numberInvalid, name);
    } else if (field.type === "checkbox") {
      if (v !== CHECKED) problem = fillMessage(msg.checkboxInvalid, name);
    } else if (field.type === "email") {
      if (!emailPattern.test(v)) problem = fillMessage(msg.emailInvalid, name);
    }
    if (problem) errors[field.id] = problem;
  }
  const known = new Set(fields.map((field) => field.id));
  for (const id of Object.keys(values).sort()) {
    if (!known.has(id)) errors[id] = msg.unknownField;
  }
  return errors;
}
