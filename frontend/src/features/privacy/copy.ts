// Copy of /privacy (docs/design/individual.md §2, §5, §8).
export const privacyCopy = {
  title: "Privacy & Data Rights",
  intro:
    "Your emergency information is health data. You can take a copy of it or delete it at any time.",
  email: "Email",
  // A visitor who is not signed in: the server answers only an account's owner.
  signedOut: {
    title: "Download or delete your data",
    body: "Sign in to take a copy of your data or delete it: only the account's owner can. Details typed without an account stay on this device alone, and Clear Form on the home page removes them.",
    signIn: "Sign In",
  },
  export: {
    title: "Download your data",
    body: "A JSON file with your account, emergency information, when you last confirmed it and the reminders we sent you, referrals and orders.",
    button: "Download My Data",
    busy: "Preparing…",
    failed: { title: "Download Failed" },
    fileName: (date: string) => `lifetag-data-export-${date}.json`,
  },
  deleteData: {
    title: "Delete personal data",
    body: "Removes your emergency information, and the record of reminders we sent about it, from our servers. Your account and print access stay.",
    phrase: "DELETE_MY_DATA",
    open: "Delete Personal Data",
    confirm: "Delete My Data",
  },
  deleteAccount: {
    title: "Delete account",
    body: "Removes your account, your emergency information and your print access for good.",
    phrase: "DELETE_MY_ACCOUNT",
    open: "Delete Account",
    confirm: "Delete My Account",
  },
  typePhrase: (phrase: string) => `Type ${phrase} to confirm`,
  cancel: "Cancel",
  deleting: "Deleting…",
  deletionFailed: { title: "Deletion Failed" },
  confirmationRequired: { title: "Confirmation Required" },
  policy: {
    title: "Privacy policy",
    updated: "Last updated: 29 November 2026",
    sections: [
      {
        heading: "What we collect",
        body: "The details you type into the emergency form (name, email, date of birth, blood type, weight, emergency contacts and medical notes), your account email and a hashed password, and your orders. Payment card details go straight to our payment provider and never reach us.",
      },
      {
        heading: "Why",
        body: "To make your QR code and labels, to keep your account, to fulfil label orders and to credit referrals. We do not sell your data or use it for advertising, and we use no third-party trackers.",
      },
      {
        heading: "Where it is kept",
        body: "On this device while you fill in the form, and, once you have an account, on our servers, encrypted at rest. Your QR code itself holds plain text so any phone can read it offline: treat your labels like your ID.",
      },
      {
        heading: "Reminders to check your details",
        body: "A paramedic may read your label years after it was printed, so once your details are saved to your account we e-mail you every 12 months (or every 6, as you choose on your account page) to ask whether they are still right. The mail holds no medical details: only the date you last confirmed them, a link that confirms them in one click, a link to sign in and change them, and a link that stops the reminders without signing in. Saving your details, or pressing My details are still right, starts the period again. Choose Never on your account page and we send none.",
      },
      {
        heading: "Your rights",
        body: "You can download a copy of your data, correct it through the form, or delete it using the panels above. Signing out removes Lifetag data from this device.",
      },
    ],
  },
};
