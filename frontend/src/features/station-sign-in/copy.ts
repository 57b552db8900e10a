// Copy of /station-sign-in: the print station signs in as this browser's account.
export const stationSignInCopy = {
  title: "Sign in to Lifetag Station",
  question: (email: string) => `Sign in to Lifetag Station as ${email}?`,
  explain:
    "The print station on this computer asked to sign in as you. Continue only if you started it from the station.",
  continue: "Continue",
  continuing: "Signing the station in…",
  done: "You can close this tab and return to the station.",
  incomplete:
    "This sign-in link is incomplete. Choose Sign in with your browser on the station again.",
  signedOut: {
    title: "Sign in first",
    body: "Sign in to the account you use at the station, then come back here to confirm.",
    signIn: "Sign in",
    corporateSignIn: "Corporate sign in",
  },
  failed: "The station could not be signed in",
};
