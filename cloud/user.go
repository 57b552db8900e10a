package cloud

import (
	"strings"
	"time"
)

// User is an account (docs/design/admin-corporate.md §3, users table).
type User struct {
	ID                   int64
	Email                string // normalised: trimmed, lower case
	PasswordHash         string // argon2id PHC string; empty until a password is set
	FirstName            string
	LastName             string
	ProfileImageURL      string
	StripeCustomerID     string
	StripeSubscriptionID string
	HasPrintAccess       bool
	ReferralCode         string // empty until generated
	ReferredByCode       string
	UserType             string
	OrganizationID       int64 // corporate users only; 0 otherwise
	IsAdmin              bool  // seeded from ADMIN_EMAILS
	IsActive             bool
	// ClaimTokenHash is set on an account an anonymous payment made: the
	// SHA-256 of that checkout's claim token, until the browser holding the
	// token sets the password. Nil on every other account.
	ClaimTokenHash []byte
	// IdentityFingerprint is a keyed hash (Sealer.Fingerprint) of the
	// identity locked after payment, kept when the record is deleted.
	IdentityFingerprint []byte
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

// NormalizeEmail is the one form of an address the cloud stores and compares.
func NormalizeEmail(s string) string {
	return strings.ToLower(strings.TrimSpace(s))
}

// Session is a signed-in client. Only the SHA-256 of its token is stored.
type Session struct {
	TokenHash []byte
	UserID    int64
	ExpiresAt time.Time
	CreatedAt time.Time
	// UserAgent is the client's User-Agent at sign-in, shown in the
	// account's session list (cut to UserAgentMaxBytes).
	UserAgent  string
	LastSeenAt time.Time
	// ParentHash names the session a print station's session was made from
	// (a station code); nil for a session of its own. Such a session ends
	// when its parent does, and never outlives it.
	ParentHash []byte
	// Browser: handed to the website as its cookie, not to a program as a
	// bearer token (only such a session may sign a print station in).
	Browser bool
	// SignedInWith is how the person proved who they are (SignedInWith...);
	// a session made from another carries its parent's.
	SignedInWith string
	// VerifiedAt is when the person last proved it in this session: the
	// sign-in, or a password or second factor asked for again
	// (FreshProofTTL).
	VerifiedAt time.Time
}

// UserAgentMaxBytes bounds the User-Agent kept with a session.
const UserAgentMaxBytes = 300

// EmergencyRecord is a user's emergency data as stored: each part sealed with
// AES-256-GCM by the service, so the store never sees medical text.
type EmergencyRecord struct {
	UserID            int64
	PersonalInfo      []byte
	EmergencyContacts []byte
	MedicalInfo       []byte
	LastModified      string // as sent by the device, not personal
	UpdatedAt         time.Time
	// ReviewedAt is when the owner last confirmed the record: every save,
	// and "My details are still right" (review_reminder.go).
	ReviewedAt time.Time
}

// Referral is one referred purchase.
type Referral struct {
	ID            int64
	ReferralCode  string
	ReferrerEmail string
	ReferredEmail string // empty once the referred person deleted their account
	RewardClaimed bool
	CreatedAt     time.Time
}

// ReferralCodeProblem says why a referral code, as a buyer's link carried
// it, cannot be anyone's code ("" when it can): at least 6 characters
// (docs/design/individual.md §5), at most ReferralCodeMaxLength, letters and digits
// only. Codes are compared in upper case.
func ReferralCodeProblem(code string) string {
	switch {
	case len(code) < ReferralCodeMinLength:
		return "too short"
	case len(code) > ReferralCodeMaxLength:
		return "too long"
	}
	for _, c := range code {
		if !('0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z') {
			return "not letters and digits"
		}
	}
	return ""
}

// Order is a physical-label order. ShippingAddress is sealed like the
// emergency record.
type Order struct {
	ID              int64
	OrderID         string
	UserID          int64
	LabelType       string
	Quantity        int
	PricePence      int
	ShippingAddress []byte
	Status          string
	TrackingNumber  string
	StripePaymentID string
	CreatedAt       time.Time
}

// States of a password link that no longer works (UserStore.PasswordTokenState).
const (
	PasswordTokenUsed    = "used"
	PasswordTokenExpired = "expired"
)
