package http

import (
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// compressSite gzips the website's files, which a phone's first paint waits
// for. API answers are left alone: they can carry secrets beside reflected
// input, which compression would leak (BREACH).
var compressSite = middleware.Compress(5, "text/html", "text/css", "text/javascript",
	"application/javascript", "image/svg+xml", "text/plain", "application/manifest+json")

// routes registers every route of the cloud, in one place. Routes named by
// an e-mail serve only its owner or an admin (service.authorize).
func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	r.Use(s.clientIP(), s.requestID, s.rememberClient, s.observeRequests, s.recoverer, s.securityHeaders)

	r.Route("/api", func(r chi.Router) {
		// The general limit first: every answer under /api/ carries its
		// entry, ahead of any stricter limit's (ratelimit.go).
		r.Use(s.limitPerClient(s.apiLimit), noStore, sameOriginWrites, s.stationVersion)
		r.NotFound(s.handleAPINotFound)
		r.MethodNotAllowed(s.handleAPIMethodNotAllowed)

		r.Get("/health", s.handleHealth)
		r.Get("/ready", s.handleReady) // for load balancers (readiness.go)
		r.Get("/openapi.json", s.handleOpenAPI)

		// Sign-in and passwords: rate-limited per IP here, and per e-mail
		// address inside the handlers.
		r.Group(func(r chi.Router) {
			r.Use(s.limitPerClient(s.signInLimit))
			r.Post("/auth/login", s.handleLogin)
			r.Post("/auth/check-user", s.handleCheckUser)
			r.Post("/auth/request-reset", s.handleRequestReset)
			r.Post("/auth/reset-password", s.handleResetPassword)
			r.Post("/auth/set-password", s.handleSetPassword)
			r.Post("/auth/create-account-after-payment", s.handleCreateAccountAfterPayment)
			// The steps after a password, and a passkey alone (signin.go):
			// they read the sign-in step's token, never a session.
			r.Post("/auth/second-factor", s.handleSecondFactor)
			r.Post("/auth/second-factor/passkey-options", s.handleSecondFactorPasskeyOptions)
			r.Post("/auth/passkey-options", s.handlePasskeySignInOptions)
			r.Post("/auth/passkey", s.handlePasskeySignIn)
			r.Post("/auth/set-up/totp", s.handleSetUpStepTOTP)
			r.Post("/auth/set-up/passkey-options", s.handleSetUpStepPasskeyOptions)
			r.Post("/auth/set-up", s.handleSetUpStep)
			r.Post("/test-checkout/confirm", s.handleTestCheckoutConfirm)
			r.With(s.authenticate).Post("/create-payment-intent", s.handleCreatePaymentIntent)
			// Single sign-on with an organisation's provider (sso.go).
			r.Post("/auth/sso/discover", s.handleSSODiscover)
			r.Get("/auth/sso/start", s.handleSSOStart)
			r.Get("/auth/sso/callback", s.handleSSOCallback)
			r.Post("/auth/sso/station-token", s.handleSSOStationToken)
			// A print station signed in by the browser's session (sso.go).
			r.With(s.authenticate).Post("/auth/station-code", s.handleStationCode)
			// Proving again who is signed in (freshproof.go): a password
			// here is limited like a sign-in's.
			r.With(s.authenticate).Post("/account/confirm-identity", s.handleConfirmIdentity)
			r.With(s.authenticate).Post("/account/confirm-identity/passkey-options", s.handleConfirmIdentityPasskeyOptions)
		})

		// First-party analytics (docs/design/individual.md §7). Anonymous on purpose:
		// no session is read, so nothing links a record to a person. Their
		// own per-IP counter keeps page views from using up sign-in attempts.
		r.Group(func(r chi.Router) {
			r.Use(s.limitPerClient(s.analyticsLimit))
			r.Post("/analytics/page-view", s.handlePageView)
			r.Post("/analytics/event", s.handleAnalyticsEvent)
		})

		// Workers' collection forms (collection.go): anonymous, the link's
		// token is the credential; rate-limited per client address here and
		// per link inside the submit handler.
		r.Group(func(r chi.Router) {
			r.Use(s.limitPerClient(s.collectLimit))
			r.Get("/collect/{token}", s.handleCollectForm)
			r.Post("/collect/{token}", s.handleCollectSubmit)
			r.Post("/collect/{token}/confirm", s.handleCollectConfirm)
		})

		// A review reminder's links (review_reminder.go): anonymous, the token is
		// the credential; limited per client address like the collection
		// forms. The test hook answers only in development.
		r.Group(func(r chi.Router) {
			r.Use(s.limitPerClient(s.collectLimit))
			r.Post("/review-links/{token}/confirm", s.handleConfirmReviewByLink)
			r.Post("/review-links/{token}/unsubscribe", s.handleUnsubscribeByLink)
			r.Post("/test/review-reminders", s.handleTestReviewReminders)
		})

		// Payment events: the signature on the raw body is the authentication.
		r.Post("/stripe/webhook", s.handleStripeWebhook)
		r.Get("/payments/config", s.handlePaymentConfig)

		// The label sheets batch printing offers: public catalogue data.
		r.Get("/labels/batch-layouts", s.handleBatchLayouts)
		r.Get("/labels/catalogue", s.handleLabelCatalogue)

		r.Group(func(r chi.Router) {
			r.Use(s.authenticate)
			r.Post("/auth/logout", s.handleLogout)
			// Navigation targets (docs/design/individual.md §7).
			r.Get("/logout", s.handleLogoutRedirect)
			r.Get("/login", s.handleLoginRedirect)

			r.Get("/user/data", s.handleUserData)
			r.Get("/user/payment-status", s.handlePaymentStatus)
			r.Get("/user/orders", s.handleOrders)
			r.Post("/user/review", s.handleConfirmReview)
			r.Put("/user/review-reminders", s.handleSetReviewReminders)

			// The account's second factors and sessions (security.go). A
			// change that could take the account over needs a fresh proof
			// (freshproof.go); finishing an addition it began does not.
			r.Get("/account/security", s.handleAccountSecurity)
			r.With(s.requireFreshProof).Post("/account/totp", s.handleStartTOTP)
			r.Put("/account/totp", s.handleConfirmTOTP)
			r.With(s.requireFreshProof).Delete("/account/totp", s.handleRemoveTOTP)
			r.With(s.requireFreshProof).Post("/account/passkey-options", s.handlePasskeyRegistrationOptions)
			r.Post("/account/passkeys", s.handleAddPasskey)
			r.With(s.requireFreshProof).Delete("/account/passkeys/{passkeyId}", s.handleRemovePasskey)
			r.With(s.requireFreshProof).Post("/account/recovery-codes", s.handleNewRecoveryCodes)
			r.Get("/account/sessions", s.handleSessions)
			r.Delete("/account/sessions/{sessionId}", s.handleEndSession)
			r.Post("/account/sessions/sign-out-others", s.handleEndOtherSessions)

			r.Post("/sync/emergency-data", s.handlePushEmergencyData)
			r.Get("/sync/emergency-data/{email}", s.handlePullEmergencyData)
			r.Post("/sync/payment-status", s.handlePushPaymentStatus)
			r.Get("/sync/payment-status/{email}", s.handlePullPaymentStatus)
			r.Post("/check-subscription", s.handleCheckSubscription)
			r.Post("/labels/sheet.pdf", s.handleLabelSheet)
			r.Post("/labels/lock-screen.png", s.handleLockScreen)

			r.Post("/referrals/generate", s.handleGenerateReferralCode)
			r.Get("/referrals/{email}", s.handleReferrals)

			r.Post("/privacy/export-data", s.handleExportData)
			r.Post("/privacy/delete-data", s.handleDeleteData)
			r.Post("/privacy/delete-account", s.handleDeleteAccount)

			// The admin dashboard (docs/design/admin-corporate.md §7): admins only,
			// decided by the service.
			r.Get("/admin/stats", s.handleAdminStats)
			r.Get("/admin/users", s.handleAdminUsers)
			r.Post("/admin/users/print-access", s.handleAdminPrintAccess)
			r.Post("/admin/users/create", s.handleAdminCreateUser)
			r.Delete("/admin/users/delete", s.handleAdminDeleteUser)
			r.Get("/admin/export", s.handleAdminExport)
			r.Get("/admin/customer-data/{userId}", s.handleAdminCustomerData)
			r.Get("/admin/physical-orders", s.handleAdminOrders)
			r.Put("/admin/physical-orders/{orderId}", s.handleAdminUpdateOrder)
			r.Get("/admin/physical-orders/{orderId}/history", s.handleAdminOrderHistory)
			r.Get("/admin/physical-orders/{orderId}/shipping-address", s.handleAdminShippingAddress)
			r.Post("/admin/physical-orders/{orderId}/labels.pdf", s.handleAdminOrderLabels)
			r.Get("/admin/audit-log", s.handleAdminAuditLog)
			r.Get("/admin/jobs", s.handleAdminJobs)
			r.Post("/admin/jobs/{jobId}/retry", s.handleAdminRetryJob)
			r.Post("/admin/jobs/{jobId}/discard", s.handleAdminDiscardJob)
			r.Get("/corporate/organizations", s.handleCorporateOrganizations)
			r.Delete("/admin/organizations/{orgId}", s.handleAdminDeleteOrganization)
			r.Post("/admin/organizations/{orgId}/hand-over", s.handleAdminHandOver)
			r.Put("/admin/organizations/{orgId}/allowance", s.handleAdminAllowance)
			r.Get("/admin/sso-domains", s.handleAdminSSODomains)
			r.Post("/admin/sso-domains/approve", s.handleAdminApproveSSODomain)
			r.Delete("/admin/users/{userId}/second-factors", s.handleAdminRemoveSecondFactors)
		})

		// Corporate accounts (docs/design/admin-corporate.md §7). Registration, sign-in
		// and passwords are rate-limited per IP; the organisation routes
		// answer only for the caller's own organisation (404 otherwise), or
		// for reading, a site admin.
		r.Group(func(r chi.Router) {
			r.Use(s.limitPerClient(s.signInLimit))
			r.Post("/corporate/create-payment-intent", s.handleCorporateCheckout)
			r.Post("/corporate/complete-registration", s.handleCompleteRegistration)
			r.Post("/corporate/test-checkout/confirm", s.handleCorporateTestCheckout)
			r.Post("/corporate/register", s.handleCorporateRegisterTrial)
			r.Post("/corporate/login", s.handleCorporateLogin)
			r.Get("/corporate/setup-password", s.handleCheckSetupLink)
			r.Post("/corporate/setup-password", s.handleCorporateSetPassword)
			r.Post("/corporate/resend-setup", s.handleResendSetup)
		})
		// The caller's own organisation: a member's session, or an API key
		// of it (apikey.go, THE RULE), which learns its organisation's id here.
		r.With(s.acceptOwnAPIKey).Get("/corporate/organization", s.handleMyOrganization)
		// Account management: signed in only. s.authenticate refuses an
		// API key here (apikey.go, THE RULE).
		r.Group(func(r chi.Router) {
			r.Use(s.authenticate)
			r.Get("/corporate/{orgId}/dashboard", s.handleOrganizationDashboard)
			r.Get("/corporate/{orgId}/team", s.handleTeam)
			r.Post("/corporate/{orgId}/team/invite", s.handleInviteMember)
			r.Post("/corporate/{orgId}/team/{userId}/resend", s.handleResendInvite)
			r.Delete("/corporate/{orgId}/team/{userId}", s.handleRemoveMember)
			r.Post("/corporate/{orgId}/billing-portal", s.handleBillingPortal)
			r.Post("/corporate/{orgId}/subscribe", s.handleSubscribe)
			r.Put("/corporate/{orgId}/paper-size", s.handleSetPaperSize)
			r.Put("/corporate/{orgId}/review-period", s.handleSetReviewPeriod)
			// Review rounds (review.go).
			r.Get("/corporate/{orgId}/review-rounds", s.handleReviewRounds)
			r.Post("/corporate/{orgId}/review-rounds", s.handleStartReviewRound)
			r.Get("/corporate/{orgId}/review-rounds/{roundId}", s.handleReviewRound)
			r.Post("/corporate/{orgId}/review-rounds/{roundId}/hand-out-links", s.handleHandOutReviewLinks)
			r.Get("/corporate/{orgId}/sso", s.handleSSOSettings)
			r.With(s.requireFreshProof).Put("/corporate/{orgId}/sso", s.handleSaveSSOSettings)
			r.Get("/corporate/{orgId}/second-factor-rule", s.handleSecondFactorRule)
			r.Put("/corporate/{orgId}/second-factor-rule", s.handleSetSecondFactorRule)
			// Form templates named by id alone: no {orgId}, so not a
			// key's (a key makes and lists templates under its organisation).
			r.Put("/corporate/form-templates/{templateId}", s.handleUpdateTemplate)
			r.Delete("/corporate/form-templates/{templateId}", s.handleDeleteTemplate)
			// API keys: the owner makes and revokes API keys,
			// members list them; never with a key.
			r.Get("/corporate/{orgId}/api-keys", s.handleAPIKeys)
			r.Post("/corporate/{orgId}/api-keys", s.handleCreateAPIKey)
			r.Delete("/corporate/{orgId}/api-keys/{keyId}", s.handleRevokeAPIKey)
		})
		// The organisation's data: a member's session, or an API key of
		// this {orgId} (apikey.go, THE RULE: a route added to this group
		// is a key's route; a read key only reads).
		r.Group(func(r chi.Router) {
			r.Use(s.acceptAPIKeys)
			r.Post("/corporate/{orgId}/batch-print.pdf", s.handleBatchPrint)
			r.Post("/corporate/{orgId}/batch-print/fit", s.handleBatchFit)
			r.Post("/corporate/{orgId}/print-runs", s.handleRecordPrintRun)
			// Projects and the QR code library (library.go).
			r.Get("/corporate/projects/{orgId}", s.handleProjects)
			r.Post("/corporate/{orgId}/projects", s.handleCreateProject)
			r.Put("/corporate/{orgId}/projects/{projectId}", s.handleUpdateProject)
			r.Delete("/corporate/{orgId}/projects/{projectId}", s.handleDeleteProject)
			r.Get("/corporate/{orgId}/qr-codes", s.handleLibrary)
			r.Post("/corporate/{orgId}/qr-codes", s.idempotent(createBodyBytes, s.handleCreateCode))
			r.Get("/corporate/{orgId}/qr-codes/import-template.csv", s.handleImportTemplate)
			r.Post("/corporate/{orgId}/qr-codes/import", s.handleImportCodes)
			r.Post("/corporate/{orgId}/qr-codes/external-ids", s.handleAttachExternalIDs)
			r.Get("/corporate/{orgId}/qr-codes/{codeId}", s.handleCode)
			r.Put("/corporate/{orgId}/qr-codes/{codeId}", s.handleUpdateCode)
			r.Delete("/corporate/{orgId}/qr-codes/{codeId}", s.handleDeleteCode)
			r.Post("/corporate/{orgId}/qr-codes/{codeId}/duplicate", s.idempotent(createBodyBytes, s.handleDuplicateCode))
			r.Post("/corporate/{orgId}/qr-codes/{codeId}/confirm", s.handleConfirmCode)
			r.Get("/corporate/{orgId}/qr-codes/{codeId}/label.pdf", s.handleCodeLabelPDF)
			r.Get("/corporate/{orgId}/qr-codes/{codeId}/label.png", s.handleCodeLabelPNG)
			r.Get("/corporate/{orgId}/form-templates", s.handleListTemplates)
			r.Post("/corporate/{orgId}/form-templates", s.handleCreateTemplate)
			// Worker collection links (collection.go) and analytics (orgreport.go).
			r.Get("/corporate/{orgId}/collection-links", s.handleCollectionLinks)
			r.Post("/corporate/{orgId}/collection-links", s.handleCreateCollectionLink)
			r.Delete("/corporate/{orgId}/collection-links/{linkId}", s.handleRevokeCollectionLink)
			r.Post("/corporate/{orgId}/qr-codes/{codeId}/update-link", s.handleCreateUpdateLink)
			r.Get("/corporate/{orgId}/analytics", s.handleOrgReport)
			r.Get("/corporate/{orgId}/analytics/report.csv", s.handleOrgReportCSV)
			// Corporate integration: codes by external id, bulk, changes.
			r.Put("/corporate/{orgId}/qr-codes/by-external-id/{externalId}", s.idempotent(createBodyBytes, s.handleUpsertCodeByExternalID))
			r.Post("/corporate/{orgId}/qr-codes/by-external-id/{externalId}/deactivate", s.handleDeactivateCodeByExternalID)
			r.Post("/corporate/{orgId}/qr-codes/by-external-id/{externalId}/activate", s.handleActivateCodeByExternalID)
			r.Post("/corporate/{orgId}/qr-codes/bulk-upsert", s.idempotent(bulkUpsertBodyBytes, s.handleBulkUpsertCodes))
			r.Get("/corporate/{orgId}/qr-codes/changes", s.handleCodeChanges)
			r.Post("/corporate/{orgId}/qr-codes/labels-by-external-id.pdf", s.handleLabelsByExternalID)
			// Webhooks (webhook.go): the owner, or a write key.
			r.Get("/corporate/{orgId}/webhooks", s.handleWebhookEndpoints)
			r.Post("/corporate/{orgId}/webhooks", s.handleCreateWebhookEndpoint)
			r.Put("/corporate/{orgId}/webhooks/{endpointId}", s.handleUpdateWebhookEndpoint)
			r.Delete("/corporate/{orgId}/webhooks/{endpointId}", s.handleDeleteWebhookEndpoint)
			r.Post("/corporate/{orgId}/webhooks/{endpointId}/rotate-secret", s.handleRotateWebhookSecret)
			r.Get("/corporate/{orgId}/webhooks/{endpointId}/deliveries", s.handleWebhookDeliveries)
			r.Post("/corporate/{orgId}/webhooks/{endpointId}/deliveries/{messageId}/resend", s.handleResendWebhookDelivery)
		})
	})

	site := compressSite(siteHandler(s.site))
	r.Get("/*", site.ServeHTTP)
	r.Head("/*", site.ServeHTTP)
	return r
}
