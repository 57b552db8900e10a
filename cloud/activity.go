package cloud

import "strings"

// How each activity an admin can see reads: an
// organisation's Recent Activity (Activity.Kind, its Detail) and the site
// admins' audit log (AuditEntry.Action, its Target), one table for both, so
// no screen ever shows a raw kind such as "order.address_viewed".
// TestEveryActivityHasASentence holds every Activity* and Audit* kind to it.
var activitySentences = map[string]func(detail string) string{
	// An organisation's Recent Activity; the detail names what changed.
	ActivityOrganizationCreated:   sentence("The organisation was created on the %s plan."),
	ActivityMemberInvited:         sentence("%s was invited as an admin."),
	ActivityInviteResent:          sentence("The invitation to %s was sent again."),
	ActivityMemberRemoved:         sentence("%s was removed from the team."),
	ActivityPasswordSet:           sentence("%s set their password."),
	ActivitySubscriptionChanged:   sentence("The subscription changed to %s."),
	ActivitySubscribed:            sentence("The organisation subscribed to the %s plan."),
	ActivityPaperChanged:          sentence("The paper size was set to %s."),
	ActivityReviewRoundStarted:    sentence("A review round was started (%s): each worker due for review is asked to check their details."),
	ActivityReviewRemindersSent:   sentence("Reminders were sent to the workers who have not answered (%s)."),
	ActivityReviewPeriodChanged:   sentence("Workers' details are now to be confirmed every %s."),
	ActivityHandedOver:            sentence("Lifetag handed the organisation over to %s."),
	ActivityProjectCreated:        sentence("The project %s was created."),
	ActivityProjectUpdated:        sentence("The project %s was updated."),
	ActivityProjectDeleted:        sentence("The project %s was deleted."),
	ActivityCodeCreated:           sentence("A QR code was created for %s."),
	ActivityCodeUpdated:           sentence("The QR code of %s was updated."),
	ActivityCodeDeleted:           sentence("The QR code of %s was deleted."),
	ActivityCodesImported:         counted("1 QR code was imported.", "%s QR codes were imported."),
	ActivityCodesReimported:       sentence("A CSV import made and updated QR codes: %s."),
	ActivityExternalIDsAttached:   counted("1 QR code was given its employee or badge number.", "%s QR codes were given their employee or badge numbers."),
	ActivityCollectionLinkCreated: sentence("A collection link was created for %s."),
	ActivityCollectionLinkRevoked: sentence("A collection link was revoked (%s)."),
	ActivityCollectionSubmitted:   sentence("A worker sent their details (%s)."),
	ActivityUpdateLinkSent:        sentence("An update link was sent for %s."),
	ActivityCollectionUpdated:     sentence("A worker updated their details (%s)."),
	ActivityCodeConfirmed:         sentence("The details on %s were confirmed as still right."),
	ActivityReturningWorker:       sentence("A worker who already has %s sent a collection link's form again: send them an update link."),
	ActivityTemplateCreated:       sentence("The form template %s was created."),
	ActivityTemplateUpdated:       sentence("The form template %s was updated."),
	ActivityTemplateDeleted:       sentence("The form template %s was deleted."),

	// API keys; a change made with a key names the key
	// and the route.
	ActivityAPIKeyCreated: sentence("The API key %s was created."),
	ActivityAPIKeyRevoked: sentence("The API key %s was revoked."),
	ActivityAPIKeyWrite:   sentence("A change was made with the API key %s."),

	// Single sign-on; the detail is the person's address, or the domains.
	ActivitySSOSignIn:  sentence("%s signed in with single sign-on."),
	ActivitySSOJoined:  sentence("%s joined the team through single sign-on."),
	ActivitySSOChanged: sentence("Single sign-on was set up for %s."),
	// Second factors; the detail is "ann@example.com: a passkey".
	ActivitySecondFactorAdded:    sentence("%s added a second factor."),
	ActivitySecondFactorRemoved:  sentence("%s removed a second factor."),
	ActivitySecondFactorRequired: sentence("A second factor is now required of every member."),
	ActivitySecondFactorOptional: sentence("A second factor is no longer required of members."),

	// The admin audit log; the target is an account's address or an order.
	AuditCustomerDataViewed:   sentence("Viewed the emergency data of %s."),
	AuditShippingViewed:       sentence("Viewed the delivery address of order %s."),
	AuditPrintAccessGranted:   sentence("Granted print access to %s."),
	AuditPrintAccessRevoked:   sentence("Revoked print access from %s."),
	AuditOrderStatusChanged:   orderStatusSentence,
	AuditOrderLabelsPrinted:   sentence("Printed the labels of order %s."),
	AuditUserCreated:          sentence("Created the account %s."),
	AuditUserDeleted:          sentence("Deleted an account."),
	AuditUsersExported:        sentence("Exported the list of users."),
	AuditSecondFactorsRemoved: sentence("Removed every second factor of %s."),
	// The organisation's target is "#id name" (and the new owner's address).
	AuditOrganizationDeleted:    sentence("Deleted the organisation %s."),
	AuditOrganizationHandedOver: sentence("Handed over the organisation %s."),
	AuditAllowanceChanged:       sentence("Changed the QR code allowance of %s."),
	// The target is "domain (#id name)".
	AuditSSODomainApproved: sentence("Approved the single sign-on domain %s."),
	AuditJobRetried:        sentence("Ran the background job %s again."),
	AuditJobDiscarded:      sentence("Discarded the background job %s."),
	// Corporate integration: detail "3 created, 2 updated, 1 deactivated".
	ActivityCodesSynced: sentence("The organisation's system synced QR codes: %s."),
}

// ActivitySentence is how an activity (or audit action) of kind reads,
// with its detail; a kind missing from the table reads as a plain
// "Other activity" line rather than its raw name.
func ActivitySentence(kind, detail string) string {
	if f, ok := activitySentences[kind]; ok {
		return f(detail)
	}
	if detail == "" {
		return "Other activity."
	}
	return "Other activity: " + detail + "."
}

// sentence fills a sentence's one %s with the detail; a sentence without
// one ignores it.
func sentence(format string) func(string) string {
	return func(detail string) string { return strings.Replace(format, "%s", detail, 1) }
}

// counted is a sentence whose detail is a count: one for "1", the other,
// filled with the count, for any other.
func counted(one, other string) func(string) string {
	return func(count string) string {
		if count == "1" {
			return one
		}
		return sentence(other)(count)
	}
}

// orderStatusSentence reads the order status audit target, "ORDER STATUS".
func orderStatusSentence(target string) string {
	order, status, ok := strings.Cut(target, " ")
	if !ok {
		return "Changed the status of order " + target + "."
	}
	return "Moved order " + order + " to " + status + "."
}
