import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout } from "./AppLayout";
import { paths } from "./paths";

// Screens are lazy-loaded so the home route ships only what it needs.
export const routes: RouteObject[] = [
  // A worker's collection form stands alone: no site navigation suggesting
  // an account, and no page-view analytics, whose path would carry the
  // link's token.
  {
    path: `${paths.collect}/:token`,
    lazy: async () => ({
      Component: (await import("@/features/corporate/collect/CollectPage")).CollectPage,
    }),
  },
  {
    element: <AppLayout />,
    children: [
      {
        path: paths.home,
        lazy: async () => ({ Component: (await import("@/features/home/HomePage")).HomePage }),
      },
      {
        path: paths.qrGenerated,
        lazy: async () => ({
          Component: (await import("@/features/qr-generated/QrGeneratedPage")).QrGeneratedPage,
        }),
      },
      {
        path: paths.printPreview,
        lazy: async () => ({
          Component: (await import("@/features/print-preview/PrintPreviewPage")).PrintPreviewPage,
        }),
      },
      {
        path: paths.accountSetup,
        lazy: async () => ({
          Component: (await import("@/features/purchase/AccountSetupPage")).AccountSetupPage,
        }),
      },
      {
        path: paths.paymentSummary,
        lazy: async () => ({
          Component: (await import("@/features/purchase/PaymentSummaryPage")).PaymentSummaryPage,
        }),
      },
      {
        path: paths.login,
        lazy: async () => ({ Component: (await import("@/features/auth/LoginPage")).LoginPage }),
      },
      {
        path: paths.resetPassword,
        lazy: async () => ({
          Component: (await import("@/features/auth/ResetPasswordPage")).ResetPasswordPage,
        }),
      },
      {
        path: paths.setPassword,
        lazy: async () => ({
          Component: (await import("@/features/auth/SetPasswordPage")).SetPasswordPage,
        }),
      },
      {
        path: paths.dashboard,
        lazy: async () => ({
          Component: (await import("@/features/dashboard/DashboardPage")).DashboardPage,
        }),
      },
      {
        path: paths.referrals,
        lazy: async () => ({
          Component: (await import("@/features/referrals/ReferralsPage")).ReferralsPage,
        }),
      },
      {
        path: paths.privacy,
        lazy: async () => ({
          Component: (await import("@/features/privacy/PrivacyPage")).PrivacyPage,
        }),
      },
      {
        path: paths.reviewConfirm,
        lazy: async () => ({
          Component: (await import("@/features/review/ReviewLinkPage")).ReviewConfirmPage,
        }),
      },
      {
        path: paths.reviewUnsubscribe,
        lazy: async () => ({
          Component: (await import("@/features/review/ReviewLinkPage")).ReviewUnsubscribePage,
        }),
      },
      {
        path: paths.accountSecurity,
        lazy: async () => ({
          Component: (await import("@/features/security/SecurityPage")).SecurityPage,
        }),
      },
      {
        path: paths.stationSignIn,
        lazy: async () => ({
          Component: (await import("@/features/station-sign-in/StationSignInPage"))
            .StationSignInPage,
        }),
      },
      {
        path: paths.admin,
        lazy: async () => ({ Component: (await import("@/features/admin/AdminPage")).AdminPage }),
      },
      {
        path: paths.corporateBenefits,
        lazy: async () => ({
          Component: (await import("@/features/corporate/BenefitsPage")).BenefitsPage,
        }),
      },
      {
        path: paths.corporateRegister,
        lazy: async () => ({
          Component: (await import("@/features/corporate/RegisterPage")).RegisterPage,
        }),
      },
      {
        path: paths.corporatePaymentSuccess,
        lazy: async () => ({
          Component: (await import("@/features/corporate/PaymentSuccessPage")).PaymentSuccessPage,
        }),
      },
      {
        path: paths.corporateTestCheckout,
        lazy: async () => ({
          Component: (await import("@/features/corporate/TestCheckoutPage")).TestCheckoutPage,
        }),
      },
      {
        path: paths.corporateTrial,
        lazy: async () => ({
          Component: (await import("@/features/corporate/SimpleRegisterPage")).SimpleRegisterPage,
        }),
      },
      {
        path: paths.corporateLogin,
        lazy: async () => ({
          Component: (await import("@/features/corporate/CorporateLoginPage")).CorporateLoginPage,
        }),
      },
      {
        path: paths.corporateCheckEmail,
        lazy: async () => ({
          Component: (await import("@/features/corporate/CheckEmailPage")).CheckEmailPage,
        }),
      },
      {
        path: paths.corporatePasswordSetup,
        lazy: async () => ({
          Component: (await import("@/features/corporate/PasswordSetupPage")).PasswordSetupPage,
        }),
      },
      {
        path: paths.corporateDashboard,
        lazy: async () => ({
          Component: (await import("@/features/corporate/DashboardPage")).DashboardPage,
        }),
      },
      {
        path: `${paths.corporateDashboard}/:orgId`,
        lazy: async () => ({
          Component: (await import("@/features/corporate/DashboardPage")).DashboardPage,
        }),
      },
      {
        path: paths.corporateTeam,
        lazy: async () => ({
          Component: (await import("@/features/corporate/TeamPage")).TeamPage,
        }),
      },
      {
        path: `${paths.corporateTeam}/:orgId`,
        lazy: async () => ({
          Component: (await import("@/features/corporate/TeamPage")).TeamPage,
        }),
      },
      {
        path: paths.labelBatchPrint,
        lazy: async () => ({
          Component: (await import("@/features/corporate/batch-print/BatchPrintPage"))
            .BatchPrintPage,
        }),
      },
      {
        path: paths.corporateAnalytics,
        lazy: async () => ({
          Component: (await import("@/features/corporate/analytics/AnalyticsPage")).AnalyticsPage,
        }),
      },
      {
        path: `${paths.corporateAnalytics}/:orgId`,
        lazy: async () => ({
          Component: (await import("@/features/corporate/analytics/AnalyticsPage")).AnalyticsPage,
        }),
      },
      {
        path: paths.corporateReviewRounds,
        lazy: async () => ({
          Component: (await import("@/features/corporate/review/ReviewRoundsPage"))
            .ReviewRoundsPage,
        }),
      },
      {
        path: `${paths.corporateReviewRounds}/:orgId`,
        lazy: async () => ({
          Component: (await import("@/features/corporate/review/ReviewRoundsPage"))
            .ReviewRoundsPage,
        }),
      },
      {
        path: paths.corporateCollectionLinks,
        lazy: async () => ({
          Component: (await import("@/features/corporate/collect/CollectionLinksPage"))
            .CollectionLinksPage,
        }),
      },
      {
        path: `${paths.corporateCollectionLinks}/:orgId`,
        lazy: async () => ({
          Component: (await import("@/features/corporate/collect/CollectionLinksPage"))
            .CollectionLinksPage,
        }),
      },
      {
        path: paths.corporateApiKeys,
        lazy: async () => ({
          Component: (await import("@/features/corporate/api-keys/ApiKeysPage")).ApiKeysPage,
        }),
      },
      {
        path: `${paths.corporateApiKeys}/:orgId`,
        lazy: async () => ({
          Component: (await import("@/features/corporate/api-keys/ApiKeysPage")).ApiKeysPage,
        }),
      },
      {
        path: `${paths.corporateSso}/:orgId`,
        lazy: async () => ({
          Component: (await import("@/features/corporate/sso/SingleSignOnPage")).SingleSignOnPage,
        }),
      },
      {
        path: paths.corporateWebhooks,
        lazy: async () => ({
          Component: (await import("@/features/corporate/webhooks/WebhooksPage")).WebhooksPage,
        }),
      },
      {
        path: `${paths.corporateWebhooks}/:orgId`,
        lazy: async () => ({
          Component: (await import("@/features/corporate/webhooks/WebhooksPage")).WebhooksPage,
        }),
      },
      {
        path: paths.corporateQrCodes,
        lazy: async () => ({
          Component: (await import("@/features/corporate/library/LibraryPage")).LibraryPage,
        }),
      },
      {
        path: paths.corporateProjects,
        lazy: async () => ({
          Component: (await import("@/features/corporate/projects/ProjectsPage")).ProjectsPage,
        }),
      },
      {
        path: paths.corporateNewProject,
        lazy: async () => ({
          Component: (await import("@/features/corporate/projects/NewProjectPage")).NewProjectPage,
        }),
      },
      {
        path: paths.corporateFormBuilder,
        lazy: async () => ({
          Component: (await import("@/features/corporate/templates/FormBuilderPage"))
            .FormBuilderPage,
        }),
      },
      {
        path: paths.qrDemo,
        lazy: async () => ({
          Component: (await import("@/features/qr-demo/QrDemoPage")).QrDemoPage,
        }),
      },
      {
        path: "*",
        lazy: async () => ({
          Component: (await import("@/features/not-found/NotFoundPage")).NotFoundPage,
        }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
