export { qrText, QR_HEADER } from "./qrText";
export { rules } from "./rules";
export { validateEmergencyData, type FieldErrors } from "./validate";
export {
  fromWire,
  type EmergencyContact,
  type EmergencyData,
  type MedicalInfo,
  type PersonalInfo,
} from "./types";
