// The record's limits and messages, read from the one file the Go package
// reads too.
import rulesFile from "@pkg/emergency/rules.json";

export const rules = rulesFile;

export type LimitKey = keyof typeof rules.maxBytes;

/** Replaces {name} placeholders in a rules.json message. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return Object.entries(values).reduce(
    (message, [name, value]) => message.replaceAll(`{${name}}`, String(value)),
    template,
  );
}

export function tooLongMessage(key: LimitKey): string {
  return fillMessage(rules.messages.tooLong, {
    field: rules.fieldNames[key],
    max: rules.maxBytes[key],
  });
}
