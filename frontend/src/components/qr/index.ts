export { QrCode } from "./QrCode";
export { QrContentDialog } from "./QrContentDialog";
export { qrContentCopy } from "./copy";
export { useQrDataUrl } from "./useQrDataUrl";
