// Strings of the individual-side spec shared by more than one feature. Each
// appears once in the code base; feature-only strings live in the feature's
// copy module.
/**
 * The locale the site writes dates and numbers in, whatever language the
 * browser asks for: the site's words are British English, so its dates are
 * too ("1 Mar 2026", never "Mar 1, 2026" beside them). Every formatter
 * takes it from here. (It lives with the words, in a module every page
 * already loads, rather than in a file of its own that would cost each
 * page one more request.)
 */
export const siteLocale = "en-GB";

export const brand = {
  name: "Lifetag",
  line: "Emergency information any phone can read",
};

export const prices = {
  print: "£0.99",
  physical: "£9.99",
  /** Pence of one pack of printed labels; the server's price is the one charged. */
  physicalPackPence: 999,
  /** At most this many packs in one order (cloud.MaxPhysicalPacks). */
  maxPhysicalPacks: 10,
  referralReward: 0.2,
  referralRewardText: "£0.20",
};

/** The pager of the lists the server pages (components/ui/Pager). */
export const pager = {
  label: "Pages",
  previous: "Previous",
  next: "Next",
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
};

export const toasts = {
  authRequired: {
    title: "Authentication Required",
    description: "Please sign in to access this feature.",
  },
  missingInformation: {
    title: "Missing Information",
    description: "Please complete the emergency form and select print options first.",
  },
  connectionError: {
    title: "Connection Error",
    description: "Unable to connect to server. Please try again.",
  },
  // The admin's and the corporate screens' words for no answer at all.
  serverUnreachable: { title: "Connection Error", description: "Unable to connect to server." },
  loginSuccessful: { title: "Login Successful" },
  welcomeBack: { title: "Welcome back!" },
  // After a first purchase "Welcome back!" would greet someone who was never here.
  welcomeNew: { title: "Welcome to Lifetag!" },
  emailRequired: { title: "Email Required" },
  error: { title: "Error" },
  loadFailed: { title: "Error", description: "Failed to load data. Please try logging in again." },
};

export const locked = {
  print: "Please complete your purchase to print labels with your real emergency information.",
  download:
    "Please complete your purchase to download labels with your real emergency information.",
};

export const qrMessages = {
  failed: "Failed to generate QR code",
  imageFailed: "Failed to load image",
  sampleBadge: "PREVIEW ONLY",
  sampleUser: "SAMPLE USER - PURCHASE TO UNLOCK",
  ready: "READY",
};

export const accountMenu = {
  heading: "My Account",
  referrals: "Referral Dashboard",
  privacy: "Privacy & Data Rights",
  security: "Sign-in and security",
  signOut: "Sign Out",
};

/** The link to a password reset, on both sign-in pages (individual and corporate). */
export const forgotPassword = "Forgot your password?";

export const passwordRules = {
  minLength: 6,
  mismatch: "Passwords Don't Match",
  tooShort: "Password Too Short",
};

/** The question before typed work is discarded (useDiscardGuard). */
export const discardCopy = {
  title: "Discard your changes?",
  description: "What you typed has not been saved. If you leave now, it is lost.",
  discard: "Discard changes",
  keep: "Keep editing",
};
