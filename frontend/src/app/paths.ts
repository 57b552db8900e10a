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

type RoutePath = (typeof paths)[keyof typeof paths];

/** The site's name, kept in every tab title so the tab says whose page it is. */
const siteName = "Lifetag";

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
  [paths.corporateLogin]: `Corporate sign in · ${siteName}`,
  [paths.admin]: `Admin · ${siteName}`,
};

/** Any path not in the table (spec §2: the 404 screen). */
export const notFoundTitle = `Page Not Found · ${siteName}`;

export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (pageTitles as Record<string, string>)[path] ?? notFoundTitle;
}
