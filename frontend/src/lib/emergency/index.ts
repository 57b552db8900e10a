export { qrText, QR_HEADER } from "./qrText";
export { emergencyDataSchema } from "./schema";
export { rules } from "./rules";
export { validateEmergencyData, type FieldErrors } from "./validate";
export type { EmergencyContact, EmergencyData, MedicalInfo, PersonalInfo } from "./types";
