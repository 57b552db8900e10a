// Every route of the website in one table (individual-side spec §2). Screens
// not built yet fall through to the Page Not Found screen.
export const paths = {
  home: "/",
  qrGenerated: "/qr-generated",
  printPreview: "/print-preview",
  accountSetup: "/account-setup",
  paymentSummary: "/payment-summary",
  login: "/login",
  resetPassword: "/reset-password",
  setPassword: "/set-password",
  dashboard: "/dashboard",
  referrals: "/referrals",
  privacy: "/privacy",
  corporateLogin: "/corporate-login",
  // Served by the admin side (companion spec); the server decides who goes there.
  admin: "/admin",
} as const;
