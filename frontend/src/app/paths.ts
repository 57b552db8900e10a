// Every route of the website in one table (docs/design/individual.md §2). Screens
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
  // A review reminder's links (?token=): confirm in one click, or stop the reminders.
  reviewConfirm: "/review/confirm",
  reviewUnsubscribe: "/review/unsubscribe",
  // Any account's passkeys, authenticator app, recovery codes and sessions.
  accountSecurity: "/account/security",
  // The print station's sign-in through the browser (any account of the station).
  stationSignIn: "/station-sign-in",
  corporateLogin: "/corporate-login",
  // Corporate side (docs/design/admin-corporate.md §2).
  corporateBenefits: "/corporate-benefits",
  corporateRegister: "/corporate-register",
  corporatePaymentSuccess: "/corporate-payment-success",
  corporateTestCheckout: "/corporate-test-checkout",
  corporateTrial: "/corporate/register",
  corporatePasswordSetup: "/corporate-password-setup",
  // Where a new customer lands after the trial form or a paid checkout.
  corporateCheckEmail: "/corporate-check-email",
  corporateDashboard: "/corporate/dashboard",
  corporateTeam: "/corporate/team",
  corporateQrCodes: "/corporate/qr-codes",
  corporateAnalytics: "/corporate/analytics",
  // Worker self-service: the officer's links and the worker's form (/collect/{token}).
  corporateCollectionLinks: "/corporate/collection-links",
  // The organisation's API keys for its own systems.
  corporateApiKeys: "/corporate/api-keys",
  // The organisation's own identity provider (single sign-on).
  corporateSso: "/corporate/sso",
  corporateWebhooks: "/corporate/webhooks",
  corporateReviewRounds: "/corporate/review-rounds",
  collect: "/collect",
  corporateFormBuilder: "/corporate/form-builder",
  corporateNewProject: "/corporate/projects/new",
  corporateProjects: "/corporate/projects",
  labelBatchPrint: "/label-batch-print",
  qrDemo: "/qr-demo",
  // The admin dashboard (docs/design/admin-corporate.md §2); the server decides who sees it.
  admin: "/admin",
} as const;

type RoutePath = (typeof paths)[keyof typeof paths];

/** The site's name, kept in every tab title so the tab says whose page it is. */
const siteName = "Lifetag";

/** Any path not in the table (docs/design/admin-corporate.md §2: the 404 screen). */
export const notFoundTitle = `Page Not Found · ${siteName}`;

/**
 * Each route's document title, beside the paths: a tab, a bookmark and a
 * screen reader's announcement of the new page all say which page it is.
 */
export const pageTitles: Record<RoutePath, string> = {
  [paths.home]: "Lifetag: emergency information on a QR label",
  [paths.qrGenerated]: `Your QR code · ${siteName}`,
  [paths.printPreview]: `Print preview · ${siteName}`,
  [paths.accountSetup]: `Account setup · ${siteName}`,
  [paths.paymentSummary]: `Payment summary · ${siteName}`,
  [paths.login]: `Sign in · ${siteName}`,
  [paths.resetPassword]: `Reset password · ${siteName}`,
  [paths.setPassword]: `Set password · ${siteName}`,
  [paths.dashboard]: `Dashboard · ${siteName}`,
  [paths.referrals]: `Referral dashboard · ${siteName}`,
  [paths.privacy]: `Privacy & data rights · ${siteName}`,
  [paths.reviewConfirm]: `Your details are confirmed · ${siteName}`,
  [paths.reviewUnsubscribe]: `Review reminders · ${siteName}`,
  [paths.accountSecurity]: `Sign-in and security · ${siteName}`,
  [paths.stationSignIn]: `Sign in to Lifetag Station · ${siteName}`,
  [paths.corporateLogin]: `Corporate sign in · ${siteName}`,
  [paths.corporateBenefits]: `Lifetag for organisations · ${siteName}`,
  [paths.corporateRegister]: `Register your organisation · ${siteName}`,
  [paths.corporatePaymentSuccess]: `Completing registration · ${siteName}`,
  [paths.corporateTestCheckout]: `Test checkout · ${siteName}`,
  [paths.corporateTrial]: `Start a free trial · ${siteName}`,
  [paths.corporatePasswordSetup]: `Set your password · ${siteName}`,
  [paths.corporateCheckEmail]: `Check your email · ${siteName}`,
  [paths.corporateDashboard]: `Corporate dashboard · ${siteName}`,
  [paths.corporateTeam]: `Team · ${siteName}`,
  [paths.corporateAnalytics]: `Analytics · ${siteName}`,
  [paths.corporateCollectionLinks]: `Collection links · ${siteName}`,
  [paths.corporateApiKeys]: `API keys · ${siteName}`,
  [paths.corporateSso]: `Single sign-on · ${siteName}`,
  [paths.corporateWebhooks]: `Webhooks · ${siteName}`,
  [paths.corporateReviewRounds]: `Review rounds · ${siteName}`,
  [paths.collect]: `Your emergency details · ${siteName}`,
  [paths.corporateQrCodes]: `QR codes · ${siteName}`,
  [paths.corporateNewProject]: `New project · ${siteName}`,
  [paths.corporateProjects]: `Projects · ${siteName}`,
  [paths.qrDemo]: `First responder demo · ${siteName}`,
  [paths.admin]: `Admin · ${siteName}`,
  [paths.corporateFormBuilder]: `Form templates · ${siteName}`,
  [paths.labelBatchPrint]: `Batch label printing · ${siteName}`,
};

/** The routes that also take a trailing parameter (an organisation's id). */
export const routesWithParameter: RoutePath[] = [
  paths.corporateDashboard,
  paths.corporateTeam,
  paths.corporateAnalytics,
  paths.corporateCollectionLinks,
  paths.corporateApiKeys,
  paths.corporateSso,
  paths.corporateWebhooks,
  paths.corporateReviewRounds,
  paths.collect,
];

export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const titles = pageTitles as Record<string, string>;
  if (titles[path]) return titles[path];
  // A route with a parameter (/corporate/dashboard/{orgId}) has its base's title.
  const base = routesWithParameter.find((p) => path.startsWith(`${p}/`));
  return base ? titles[base]! : notFoundTitle;
}
