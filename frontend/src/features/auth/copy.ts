// Copy of /login, /reset-password and /set-password (docs/design/individual.md §2, §5, §8).
import { forgotPassword } from "@/lib/copy";

export const authCopy = {
  login: {
    title: "Sign in",
    intro: "Welcome back. Sign in to print your labels and manage your account.",
    email: "Email",
    password: "Password",
    submit: "Sign In",
    submitting: "Signing in…",
    forgot: forgotPassword,
    corporate: "Corporate account? Sign in here",
    failed: { title: "Login Failed", description: "Invalid email or password." },
    bothRequired: "Please enter your email and password.",
  },
  reset: {
    title: "Reset your password",
    requestIntro: "Enter the email you used at checkout and we will send you a reset link.",
    // A corporate account was never at a checkout: its address is the one it signs in with.
    corporateRequestIntro: "Enter the email you sign in with and we will send you a reset link.",
    email: "Email",
    send: "Send Reset Link",
    sending: "Sending…",
    sent: "If an account exists for that email, a reset link is on its way.",
    setTitle: "Choose a new password",
    token: "Reset code",
    newPassword: "New password",
    confirm: "Confirm new password",
    save: "Reset Password",
    saving: "Saving…",
    done: "Password updated. Please sign in.",
    requestFailed: {
      title: "Reset Failed",
      description: "Unable to process password reset request",
    },
    resetFailed: {
      title: "Reset Failed",
      description: "Unable to reset password. The token may be expired.",
    },
    emailRequired: "Please enter your email address.",
    backToLogin: "Back to sign in",
  },
  setPassword: {
    title: "Set your password",
    intro: (email: string) => `Choose a password for ${email}.`,
    password: "Password",
    confirm: "Confirm password",
    save: "Set Password",
    saving: "Saving…",
    invalidLink: {
      title: "Invalid Link",
      description: "This password setup link is invalid. Please contact support.",
    },
    failed: { title: "Failed to Set Password" },
    done: "Password set. Please sign in.",
  },
  passwordRequired: { title: "Password Required", description: "Please enter a new password." },
  passwordTooShortDetail: "Use at least 6 characters.",
  passwordMismatchDetail: "Both passwords must be the same.",
};
