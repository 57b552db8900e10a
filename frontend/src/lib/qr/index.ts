export { individualQrOptions, qrDataUrl } from "./generate";
export { sampleEmergencyData } from "./sample";
