// Copy of the sign-in steps after the password and of the recovery codes,
// shared by /login and /corporate-login.
export const signInStepCopy = {
  secondFactor: {
    title: "Confirm it's you",
    intro: "Your account has a second factor. Use it to finish signing in.",
    passkey: "Use a passkey",
    passkeyBusy: "Waiting for your passkey…",
    totp: "Code from your authenticator app",
    recovery: "Recovery code",
    useRecovery: "Use a recovery code instead",
    useTotp: "Use your authenticator app instead",
    submit: "Verify",
    submitting: "Verifying…",
    codeRequired: "Please enter the code.",
  },
  setUp: {
    title: "Set up a second factor",
    intro:
      "Your account must use a second factor. Set one up now to finish signing in: a passkey on this device, or an authenticator app.",
    passkey: "Add a passkey",
    passkeyBusy: "Waiting for your passkey…",
    totp: "Use an authenticator app",
    scan: "Scan this QR code with your authenticator app, or type the key below.",
    qrAlt: "QR code of the authenticator app's key",
    key: "Key",
    code: "Code from the app",
    submit: "Verify and sign in",
    submitting: "Verifying…",
  },
  failed: { title: "Sign-in failed" },
  passkeyCancelled: "The passkey was not used. Try again, or choose another way.",
  recoveryCodes: {
    title: "Save your recovery codes",
    intro:
      "If you lose your passkey or authenticator app, each of these codes signs you in once. They are shown only now: store them somewhere safe.",
    listLabel: "Recovery codes",
    done: "I have saved these codes",
  },
  passkeyAlone: "Continue with a passkey",
  passkeyAloneBusy: "Waiting for your passkey…",
} as const;
