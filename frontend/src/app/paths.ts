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
  // The admin dashboard (admin-corporate-side spec §2); the server decides who sees it.
  admin: "/admin",
} as const;
