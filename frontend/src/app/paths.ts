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
  // Corporate side (admin-corporate-side spec §2).
  corporateBenefits: "/corporate-benefits",
  corporateRegister: "/corporate-register",
  corporatePaymentSuccess: "/corporate-payment-success",
  corporateTestCheckout: "/corporate-test-checkout",
  corporateTrial: "/corporate/register",
  corporatePasswordSetup: "/corporate-password-setup",
  corporateDashboard: "/corporate/dashboard",
  corporateTeam: "/corporate/team",
  corporateQrCodes: "/corporate/qr-codes",
  corporateAnalytics: "/corporate/analytics",
  corporateFormBuilder: "/corporate/form-builder",
  corporateNewProject: "/corporate/projects/new",
  labelBatchPrint: "/label-batch-print",
  qrDemo: "/qr-demo",
  // Served by the admin side (companion spec); the server decides who goes there.
  admin: "/admin",
} as const;
