export { individualQrOptions, qrDataUrl, qrImage } from "./generate";
export { sampleEmergencyData } from "./sample";
