// Copy of the pages a review reminder's links open (docs/review-cycles.md).
// The server's own messages (the thanks, an expired or used link) are shown
// as it words them.
export const reviewLinkCopy = {
  confirmTitle: "Your emergency details",
  unsubscribeTitle: "Review reminders",
  working: "One moment…",
  noToken: "This link is not complete. Please open the whole link from the e-mail.",
  unavailable: "We could not reach Lifetag just now. Please try the link again in a minute.",
  edit: "Sign in to edit my details",
  home: "Go to Lifetag",
};
