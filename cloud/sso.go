package cloud

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// Single sign-on: an organisation's own OpenID Connect provider (Microsoft
// Entra ID, Google Workspace, Okta...) signs its people in. The owner
// configures the provider and the e-mail domains it vouches for; a site
// admin approves each domain, so that no organisation can claim another
// company's addresses. docs/security.md tells the whole rule.

// UserTypeCorporateMember is a member made by their first single sign-on
// (just in time): a Standard member, who works in the organisation like
// an admin but holds none of the plan's admin seats, has no password
// and signs in only through the provider.
const UserTypeCorporateMember = "corporate_member"

// SSOConfig is an organisation's provider.
type SSOConfig struct {
	OrganizationID int64
	Issuer         string
	ClientID       string
	// ClientSecret is sealed (Sealer) with SSOSecretAAD.
	ClientSecret []byte
	// RequireSSO turns off password sign-in for the organisation's members
	// (its owner keeps the password, so that a provider gone wrong never
	// locks the organisation out).
	RequireSSO bool
	Domains    []SSODomain
	UpdatedAt  time.Time
}

// SSODomain is an e-mail domain an organisation's provider vouches for;
// only an approved one signs anyone in.
type SSODomain struct {
	OrganizationID   int64
	OrganizationName string // filled for the site admins' list
	Domain           string
	RequestedAt      time.Time
	ApprovedAt       time.Time // zero until a site admin approves it
}

// Approved reports whether a site admin approved the domain.
func (d SSODomain) Approved() bool { return !d.ApprovedAt.IsZero() }

// SSOSecretAAD binds a sealed client secret to its organisation.
func SSOSecretAAD(organizationID int64) []byte {
	return []byte("sso-client-secret:" + strconv.FormatInt(organizationID, 10))
}

// SSOLogin is one sign-in on its way through the provider: created when
// the browser leaves for the provider, taken (once) when it comes back.
// Only the SHA-256 of its state and of the browser's cookie are stored.
type SSOLogin struct {
	StateHash      []byte
	BrowserHash    []byte
	OrganizationID int64
	Nonce          string
	CodeVerifier   string
	// A station's sign-in (RFC 8252): where the browser goes back to on
	// the station's own machine, the station's PKCE challenge and state.
	StationRedirect  string
	StationChallenge string
	StationState     string
	ExpiresAt        time.Time
}

// StationCode is a single-use code the cloud gives a station through its
// loopback redirect, exchanged with the station's PKCE verifier for a
// session.
type StationCode struct {
	CodeHash      []byte
	UserID        int64
	CodeChallenge string
	ExpiresAt     time.Time
	// ParentHash is the browser session that asked for the code (nil when
	// the provider signed the person in for the station): the code is
	// refused once that session has ended, and the station's session lives
	// no longer than it.
	ParentHash   []byte
	SignedInWith string
}

// Single sign-on limits.
const (
	// SSOLoginTTL is how long a browser has at the provider.
	SSOLoginTTL = 10 * time.Minute
	// StationCodeTTL is how long a station has to exchange its code.
	StationCodeTTL = 2 * time.Minute
	SSODomainsMax  = 10
	SSOFieldMax    = 500
)

// Activity and audit kinds of single sign-on.
const (
	ActivitySSOSignIn      = "sso_sign_in"
	ActivitySSOJoined      = "sso_joined"
	ActivitySSOChanged     = "sso_changed"
	AuditSSODomainApproved = "sso_domain.approved"
)

// Single sign-on messages.
const (
	MsgSSOIssuerInvalid     = "The issuer must be the provider's https address, such as https://login.microsoftonline.com/<tenant>/v2.0"
	MsgSSOIssuerUnreachable = "The provider at this issuer did not answer with an OpenID configuration"
	MsgSSOIssuerNotPublic   = "The issuer must be a public internet address, not a local, private or cloud metadata one"
	MsgSSOClientIDRequired  = "The client ID is required"
	MsgSSOSecretRequired    = "The client secret is required"
	MsgSSOFieldTooLong      = "Each single sign-on field must be at most 500 characters"
	MsgSSODomainInvalid     = "Each domain must look like example.com"
	MsgSSODomainsTooMany    = "At most 10 domains"
	MsgSSODomainTaken       = "Another organisation signs in with this domain"
	MsgSSORequireNeedsSSO   = "Single sign-on can be required once a site admin has approved one of its domains"
	MsgSSOSaved             = "Single sign-on saved"
	MsgSSODomainApproved    = "Domain approved"
	MsgSSODomainNotFound    = "No organisation asked for this domain"
	MsgUseSSO               = "Your organisation signs in with its company account: choose Continue with your company account."
	MsgSSOUnavailable       = "Your company does not sign in to Lifetag with single sign-on. Sign in with your password."
	MsgStationCodeInvalid   = "This sign-in has expired. Start again from the print station."
	// A print station is signed in by a person at a browser, never by a
	// token or by another station's session.
	MsgStationCodeNeedsBrowser = "Sign the print station in from the website, in a browser where you are signed in."
	MsgStationRedirectWrong    = "The print station's address must be http://127.0.0.1:<port>/callback"
	// MsgStationNotForIndividuals: the print station serves fulfilment
	// admins and corporate users only.
	MsgStationNotForIndividuals = "The print station is for fulfilment admins and corporate users. Individuals print from the website."
)

// SSO sign-in failures, as the sign-in page is told of them
// (/corporate-login?sso_error=...): the page holds their sentences.
const (
	SSOErrorUnavailable = "unavailable" // no approved domain for the address
	SSOErrorExpired     = "expired"     // state unknown, used, expired or from another browser
	SSOErrorProvider    = "provider"    // the provider refused, or its answer did not verify
	SSOErrorUnverified  = "unverified"  // the address is not verified, or not of the domains
	SSOErrorElsewhere   = "elsewhere"   // the address has an account outside the organisation
)

// SSOStore keeps single sign-on.
type SSOStore interface {
	// FindSSOConfig: ENOTFOUND when the organisation has none.
	FindSSOConfig(ctx context.Context, organizationID int64) (*SSOConfig, error)
	// SaveSSOConfig inserts or replaces the organisation's provider and
	// its list of domains: a domain kept keeps its approval, a new one
	// waits for a site admin. ECONFLICT when a domain is approved for
	// another organisation.
	SaveSSOConfig(ctx context.Context, c *SSOConfig, domains []string) error
	// FindSSOByDomain returns the provider that an approved domain
	// belongs to; ENOTFOUND when the domain is not approved anywhere.
	FindSSOByDomain(ctx context.Context, domain string) (*SSOConfig, error)
	// ListSSODomains lists every organisation's domains, pending first.
	ListSSODomains(ctx context.Context) ([]*SSODomain, error)
	// ApproveSSODomain approves an organisation's domain: ENOTFOUND when
	// it did not ask for it, ECONFLICT when another has it approved.
	ApproveSSODomain(ctx context.Context, organizationID int64, domain string, now time.Time) error

	CreateSSOLogin(ctx context.Context, l *SSOLogin) error
	// TakeSSOLogin deletes and returns the live login of stateHash;
	// ENOTFOUND when there is none (never made, taken, or expired).
	TakeSSOLogin(ctx context.Context, stateHash []byte, now time.Time) (*SSOLogin, error)
	CreateStationCode(ctx context.Context, c *StationCode) error
	// TakeStationCode deletes and returns the live code; ENOTFOUND as above.
	TakeStationCode(ctx context.Context, codeHash []byte, now time.Time) (*StationCode, error)
}

// EmailDomain is the part of a normalised address after its last "@".
func EmailDomain(email string) string {
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return ""
	}
	return email[at+1:]
}
