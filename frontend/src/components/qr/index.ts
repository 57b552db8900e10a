export { QrCode } from "./QrCode";
export { qrContentCopy } from "./copy";
export { useQrDataUrl } from "./useQrDataUrl";
