// Copy of the site header and footer (docs/design/individual.md §2).
export const layoutCopy = {
  skip: "Skip to content",
  home: "Lifetag home",
  signIn: "Sign In",
  signOut: "Sign Out",
  corporate: "Corporate",
  corporateMenu: {
    plans: "Plans and pricing",
    trial: "Start a free trial",
    signIn: "Corporate sign in",
  },
  referrals: "Referrals",
  dashboard: "Dashboard",
  accountMenuLabel: "Account menu",
  footerTagline: "Emergency information on a QR label, readable by any phone, offline.",
  footerPrivacy: "Privacy & Data Rights",
  footerReferrals: "Referral Programme",
  footerNav: "Footer",
};
