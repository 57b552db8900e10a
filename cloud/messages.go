package cloud

import (
	"strings"
	"time"
)

// oneOf names the choices of a list as a message does: "helmet, gear or
// wallet". Messages that name a whole list are built from the list with it,
// so they name a choice added to the list too.
func oneOf(choices ...string) string {
	if len(choices) < 2 {
		return strings.Join(choices, "")
	}
	last := len(choices) - 1
	return strings.Join(choices[:last], ", ") + " or " + choices[last]
}

// Every message the cloud sends to a user, once. Wording from the spec
// (docs/design/individual.md §5, §8) where it gives one.
const (
	MsgInternal            = "Something went wrong on our side. Please try again."
	MsgNotFound            = "Not found"
	MsgMethodNotAllowed    = "Method not allowed"
	MsgDatabaseUnavailable = "The database is unavailable for a moment. Please try again shortly."
	MsgStarting            = "The server is starting"
	MsgDraining            = "The server is shutting down"
	MsgBodyTooLarge        = "The request body is too large"
	MsgBodyNotJSON         = "The request body must be JSON (Content-Type: application/json)"
	MsgBodyInvalid         = "The request body is not valid JSON"
	MsgQueryInvalid        = "%s is not valid"
	MsgBodyUnknownField    = "Unknown field %s in the request body"
	MsgBodyWrongType       = "Field %s has the wrong type"
	MsgBodyTrailingData    = "The request body must hold a single JSON object"
	MsgTooManyRequests     = "Too many requests. Please wait a minute and try again."
	MsgCrossOrigin         = "Requests from other sites are refused"
	MsgSignInRequired      = "Please sign in to access this feature."
	MsgForbidden           = "You can only access your own data."
	MsgEmailRequired       = "Email Required"
	MsgEmailInvalid        = "Valid email address is required"
	MsgLoginFieldsNeeded   = "Email and password are required"
	MsgLoginFailed         = "Invalid email or password."
	MsgLoggedOut           = "Signed out"
	MsgPasswordRequired    = "Password Required"
	MsgPasswordTooShort    = "Password Too Short"
	MsgPasswordTooLong     = "Password is too long"
	MsgTokenRequired       = "A reset token is required"
	MsgResetSent           = "If an account exists for that address, we have sent a link to reset the password."
	MsgResetFailed         = "Unable to reset password. The token may be expired."
	MsgInvalidLink         = "This password setup link is invalid. Please contact support."
	MsgSetupLinkUsed       = "This password setup link has already been used. Sign in with the password you chose, or ask for a new link."
	MsgSetupLinkExpired    = "This password setup link has expired. Ask for a new link."
	MsgPaperSizeSaved      = "Paper size saved"
	MsgPasswordChanged     = "Your password has been changed. Please sign in."
	MsgPasswordSet         = "Your password has been set. Please sign in."
	MsgUserNotFound        = "No account exists for that address"
	MsgEmergencyRequired   = "Emergency data is required"
	MsgEmergencyNotFound   = "No emergency data saved yet"
	MsgEmergencySaved      = "Emergency data saved"
	MsgIdentityLocked      = "Full name, email and date of birth are locked after payment to prevent sharing"
	MsgPaymentStatusKept   = "Payment status is set by verified payments only; nothing was changed"
	MsgReferralCreated     = "Referral code generated"
	MsgReferralExists      = "Referral code already exists"
	MsgReferralNotFound    = "No referral code yet"
	MsgConfirmRequired     = "Confirmation Required"
	MsgDataDeleted         = "Your personal data has been deleted"
	MsgAccountDeleted      = "Your account and all its data have been deleted"
	MsgResetMailSubject    = "Reset your Lifetag password"
	MsgSetupMailSubject    = "Set your Lifetag password"

	MsgDownloadLocked         = "Please complete your purchase to download labels with your real emergency information."
	MsgTimeZoneUnknown        = "Unknown time zone"
	MsgPrintQualityInvalid    = "Print quality must be standard or high"
	MsgCustomSizeRequired     = "A custom label needs its width, height, count, columns and rows"
	MsgLockScreenLocked       = "Please complete your purchase to save your real emergency information for your lock screen."
	MsgLockScreenPhoneInvalid = "Phone must be iphone or android"
	MsgLabelRecordNotSaved    = "The details on your screen are not the ones saved to your account yet, so no labels were made. Please try again; nothing old was printed."

	// Analytics: the numbers are the limits below.
	MsgBeaconBodyNotJSON        = "The request body must be JSON (Content-Type: application/json or text/plain)"
	MsgAnalyticsPathInvalid     = "The path must start with / and be at most %d bytes of a URL path, without a query string, fragment or @"
	MsgAnalyticsActionInvalid   = "The action must be 1 to %d characters of a-z, 0-9, _ and -"
	MsgAnalyticsCategoryInvalid = "The category must be 1 to %d characters of a-z, 0-9, _ and -"
	MsgAnalyticsLabelInvalid    = "The label must be at most %d bytes of text without control characters or @"
	MsgAnalyticsValueInvalid    = "The value must be a finite number"
)

// The mail limits (MailLimiter), one message for each.
const (
	MsgMailRecipientLimit    = "Too many e-mails have been sent to this address. Please try again in an hour."
	MsgMailCallerLimit       = "You have asked for too many e-mails. Please try again in an hour."
	MsgMailOrganizationLimit = "Your organization has sent too many e-mails. Please try again in an hour."
)

// Business constants.
const (
	SessionTTL        = 24 * time.Hour // docs/design/individual.md §9
	ResetTokenTTL     = 24 * time.Hour
	PasswordMinLength = 6
	// PasswordMaxBytes bounds the work an attacker can make argon2 do.
	PasswordMaxBytes = 1024
	// TokenMaxBytes bounds what the server hashes or decodes for a presented
	// token (a session, a reset or setup link, a collection link, an API
	// key's secret, a checkout reference); every real one is shorter.
	TokenMaxBytes = 128

	ReferralCodeLength = 8
	// A code as entered or linked: the spec's minimum (docs/design/individual.md §5)
	// and a bound on what we store.
	ReferralCodeMinLength = 6
	ReferralCodeMaxLength = 32
	// ReferralAlphabet has no 0/O, 1/I/L: codes are read aloud and typed.
	ReferralAlphabet    = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
	ReferralRewardPence = 20

	// ExportFileName is the download name of a data export, with its date.
	ExportFileName = "lifetag-data-%s.json"

	PhraseDeleteData    = "DELETE_MY_DATA"
	PhraseDeleteAccount = "DELETE_MY_ACCOUNT"

	UserTypeIndividual = "individual"

	// MaxBodyBytes caps every other JSON request body; a full emergency record is
	// a few kilobytes (it must fit one QR code).
	MaxBodyBytes = 64 << 10
	// MaxHeaderBytes caps a request's line and headers (the HTTP server's
	// limit), so it bounds every path, query and header value too.
	MaxHeaderBytes = 64 << 10

	// Analytics (docs/design/individual.md §7). A page view or event is a few hundred
	// bytes; a small cap keeps an anonymous route cheap.
	AnalyticsMaxBodyBytes  = 2 << 10
	AnalyticsPathMaxBytes  = 200
	AnalyticsNameMaxBytes  = 64 // an event's action, and its category
	AnalyticsLabelMaxBytes = 100
)

// MsgStationTooOld answers a print station older than the oldest the cloud
// serves (STATION_MIN_VERSION); %s is that version. The station's window
// shows it in its banner.
const MsgStationTooOld = "This print station is out of date. Ask IT for version %s or later."

// Sign-in in steps: second factors and the account's sessions.
const (
	MsgSignInStepExpired     = "This sign-in has expired. Please sign in again."
	MsgSecondFactorFailed    = "That code is not right. Please try again."
	MsgSecondStepMailSubject = "Wrong codes entered for your Lifetag account"
	// A half-finished sign-in past SecondStepFailuresPerSignIn wrong codes.
	MsgSecondStepUsedUp = "Too many wrong codes. Please sign in again."
	// An account past SecondStepFailuresPerAccount wrong codes in a row.
	MsgSecondStepLocked        = "Too many wrong codes have been entered for this account. Reset your password to sign in again."
	MsgCodeRequired            = "Enter the code."
	MsgPasskeyFailed           = "That passkey could not be used. Please try again or use another way to sign in."
	MsgPasskeyUnknown          = "This passkey is not registered with Lifetag."
	MsgMethodUnknown           = "Choose a passkey, an authenticator app code or a recovery code."
	MsgPasskeysNeedADomain     = "Passkeys are not available here: this site is reached by an IP address, and a passkey belongs to a domain name."
	MsgTOTPNotStarted          = "Start setting up the authenticator app again."
	MsgSecondFactorNotFound    = "That second factor was not found."
	MsgSecondFactorMustStay    = "Your account must keep a second factor. Add another before removing this one."
	MsgSecondFactorRemoved     = "Second factor removed"
	MsgSecondFactorsRemoved    = "Every second factor of the account was removed. They can set up a new one when they next sign in."
	MsgSessionNotFound         = "This session has already ended."
	MsgSignedOutSession        = "Signed out on that device"
	MsgSignedOutEverywhere     = "Signed out on every other device"
	MsgSecondFactorRuleSaved   = "Saved"
	MsgSecondFactorRuleMissing = "Say whether a second factor is required (required: true or false)."
)

// Proving again who is signed in before a change that could take the
// account over (FreshProofTTL).
const (
	MsgFreshProofRequired   = "To make this change, confirm it is you: enter your password or a code from your authenticator app, or use your passkey, then try again."
	MsgIdentityConfirmed    = "Thank you, that is you. You can make the change now."
	MsgConfirmNeedsPassword = "Enter your password."
	MsgConfirmMethodUnknown = "Choose your password, an authenticator app code or a passkey."
	MsgConfirmNoPassword    = "Your account has no password. Sign in again through your organisation's sign-in, then try again."
	MsgConfirmFailed        = "That is not right. Please try again."
	MsgSecurityMailSubject  = "A security change to your Lifetag account"
)

// Setting second factors up.
const (
	MsgTOTPAlreadySetUp        = "An authenticator app is already set up. Remove it first to set up another."
	MsgPasskeyNameTooLong      = "A passkey's name can be at most 60 characters."
	MsgPasskeyAlreadyAdded     = "This passkey is already added to your account."
	MsgRecoveryCodesNeedFactor = "Add a passkey or an authenticator app first."
)

// MsgSecondFactorAdded answers a factor added in account settings.
const MsgSecondFactorAdded = "Second factor added"
