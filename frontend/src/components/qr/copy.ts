// Copy of the QR content dialog (docs/design/individual.md §1).
export const qrContentCopy = {
  title: "QR CODE CONTENT",
  subtitle: "Exact text that appears when scanned",
  intro: "This is exactly what first responders will see:",
  noteTitle: "This is the actual plain text format your QR code contains",
  noteBody: "Any smartphone can scan this QR code and display this exact text to first responders.",
  close: "Close",
  open: "See what the QR code contains",
};
