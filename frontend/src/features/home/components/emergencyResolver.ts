// The form's validation is validateEmergencyData, the twin of the Go rules:
// it checks every field the form has and gives the spec's messages. The form
// itself builds the record's shape (strings, a number or null, a list of
// contacts), so no schema library is needed to check it again, and the home
// page ships none.
import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, Resolver } from "react-hook-form";
import { validateEmergencyData, type EmergencyData } from "@/lib/emergency";

export const emergencyResolver: Resolver<EmergencyData> = (values, _context, options) => {
  const found = Object.entries(validateEmergencyData(values));
  if (found.length === 0) return { values, errors: {} };
  const errors: Record<string, FieldError> = Object.fromEntries(
    found.map(([field, message]) => [field, { type: "custom", message }]),
  );
  // Nested by path, each tied to its field (so the first is focused), and
  // the contact list's own message under its root, as react-hook-form expects.
  return { values: {}, errors: toNestErrors(errors, options) };
};
