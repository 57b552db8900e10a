// Copy of the review card on the account and QR pages (docs/review-cycles.md).
export const reviewCopy = {
  title: "Are your details still right?",
  lastConfirmed: (date: string) => `Last confirmed ${date}`,
  neverConfirmed: "Not confirmed yet: save your details to your account first.",
  why: "A paramedic may read your code years after you print it. Check your contacts, medication and allergies now and then.",
  confirm: "My details are still right",
  confirming: "Confirming…",
  confirmFailed: "Your details could not be confirmed. Please try again.",
  confirmed: "Thank you — your details are confirmed.",
  edit: "Edit my details",
  remindLabel: "Remind me by e-mail to check them",
  periods: { 12: "Every 12 months", 6: "Every 6 months", 0: "Never" } as const,
  saveFailed: "The reminder setting could not be saved. Please try again.",
  saved: "Reminder setting saved",
};
