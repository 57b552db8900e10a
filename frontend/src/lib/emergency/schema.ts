// The zod schema of the emergency record, for react-hook-form: zod checks the
// shape, and validateEmergencyData supplies the rules and their messages, so
// the rules live in one function.
import { z } from "zod";
import type { EmergencyData } from "./types";
import { validateEmergencyData } from "./validate";

const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  relationship: z.string().optional(),
  phone: z.string(),
});

export const emergencyDataSchema = z
  .object({
    personalInfo: z.object({
      fullName: z.string(),
      email: z.string(),
      dateOfBirth: z.string().optional(),
      bloodType: z.string(),
      weight: z.number().nullable().optional(),
    }),
    emergencyContacts: z.array(contactSchema),
    medicalInfo: z.object({
      allergies: z.string().optional(),
      medications: z.string().optional(),
      conditions: z.string().optional(),
      notes: z.string().optional(),
    }),
    lastModified: z.string().optional(),
  })
  .superRefine((data, ctx) => {
    for (const [field, message] of Object.entries(validateEmergencyData(data as EmergencyData))) {
      ctx.addIssue({
        code: "custom",
        path: field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        message,
      });
    }
  });
