package cloud

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/plans"
)

// Corporate accounts (admin-corporate-side §2-§9, DESIGN.md "Corporate").
// An organisation is created only from a paid subscription checkout (or a
// trial), with its owner; the owner invites up to two admins.

// Corporate user types (users.user_type).
const (
	UserTypeCorporateOwner = "corporate_owner" // shown as Organization Administrator
	UserTypeCorporateAdmin = "corporate_admin" // shown as Admin
)

// IsCorporate reports whether a user type is a corporate one (§6: it
// begins with corporate_).
func IsCorporate(userType string) bool { return strings.HasPrefix(userType, "corporate_") }

// Subscription statuses (§4). Stripe's statuses map onto these.
const (
	SubscriptionActive   = "active"
	SubscriptionTrial    = "trial"
	SubscriptionPastDue  = "past_due"
	SubscriptionCanceled = "canceled"
	// SubscriptionInactive: a trial that ended without a paid subscription.
	SubscriptionInactive = "inactive"
)

// Registration states.
const (
	RegistrationPending   = "pending"
	RegistrationCompleted = "completed"
)

// Activity kinds of an organisation's log (Recent Activity).
const (
	ActivityOrganizationCreated = "organization_created"
	ActivityMemberInvited       = "member_invited"
	ActivityInviteResent        = "invite_resent"
	ActivityMemberRemoved       = "member_removed"
	ActivityPasswordSet         = "password_set"
	ActivitySubscriptionChanged = "subscription_changed"
	ActivitySubscribed          = "subscribed"
	ActivityPaperChanged        = "paper_changed"
)

// Choices of the registration forms (§3).
var (
	OrganizationTypes = []string{"construction", "manufacturing", "logistics", "healthcare", "education",
		"government", "energy", "mining", "other"}
	SimpleIndustries = []string{"construction", "manufacturing", "logistics", "mining", "energy", "healthcare",
		"education", "other"}
	EmployeeCounts = []string{"1-10", "11-50", "51-200", "201-1000", "1000+"}
)

// Corporate limits.
const (
	CorporateFieldMaxBytes = 200
	RequirementsMaxBytes   = 2000
	// ActivityShown is how many recent activities the dashboard shows.
	ActivityShown = 20
)

// Corporate messages: §5 and §8 where the spec gives them.
const (
	MsgOrgNameTooShort        = "Organization name must be at least 2 characters"
	MsgFirstNameTooShort      = "First name must be at least 2 characters"
	MsgLastNameTooShort       = "Last name must be at least 2 characters"
	MsgValidEmailRequired     = "Please enter a valid email address"
	MsgPhoneInvalid           = "Please enter a valid phone number"
	MsgOrgTypeRequired        = "Please select an organization type"
	MsgEmployeeCountRequired  = "Please select employee count"
	MsgPlanRequired           = "Please select a subscription plan"
	MsgAddressTooShort        = "Please enter your full address"
	MsgCityRequired           = "Please enter your city"
	MsgCountryRequired        = "Please enter your country"
	MsgOrgNameRequired        = "Organization name is required"
	MsgIndustryInvalid        = "Please select an industry"
	MsgCorporateFieldTooLong  = "Each field must be at most 200 characters (requirements 2000)"
	MsgPaymentSessionFailed   = "Failed to create payment session"
	MsgMissingPaymentInfo     = "Missing payment information. Please try registering again."
	MsgRegistrationNotFound   = "This registration was not found. Please try registering again."
	MsgRegistrationUnpaid     = "The payment for this registration has not been completed."
	MsgRegistrationSuccessful = "Your corporate account has been created. Check your email for setup instructions."
	MsgUseCorporateLogin      = "This is a corporate account. Please sign in at /corporate-login."
	MsgUseIndividualLogin     = "This is not a corporate account. Please sign in at /login."
	MsgWelcomeBack            = "Welcome back!"
	MsgOrganizationNotFound   = "Organization not found"
	MsgOwnerOnly              = "Only the Organization Administrator can do this"
	MsgTeamFull               = "An organization can have at most 3 admin accounts"
	MsgMemberNotFound         = "Team member not found"
	MsgOwnerCannotBeRemoved   = "The Organization Administrator cannot be removed"
	MsgMemberHasPassword      = "This team member has already set a password"
	MsgInviteSent             = "Invitation sent"
	MsgMemberRemoved          = "Team member removed"
	MsgNoBillingAccount       = "This organization has no paid subscription yet"
	MsgNoPortalInTestMode     = "The billing portal needs Stripe keys; the local test checkout has none"
	MsgAlreadySubscribed      = "This organization already has a subscription; manage it from Manage Billing"
	MsgCorporateMailSubject   = "Set up your Lifetag corporate account"
	MsgTrialEndingSubject     = "Your Lifetag trial ends in 3 days"
)

// TrialEndingNotice is how long before its end a trial's owner is told.
const TrialEndingNotice = 3 * 24 * time.Hour

// RegistrationKept is how long a pending registration is kept: a Stripe
// Checkout session expires within 24 hours.
const RegistrationKept = 48 * time.Hour

// Organization is a corporate customer (§3, admin view).
type Organization struct {
	ID                   int64
	Name                 string
	OrganizationType     string // the simple form's industry
	ContactFirstName     string
	ContactLastName      string
	ContactEmail         string
	Phone                string
	Address              string
	City                 string
	Country              string
	EmployeeCount        string
	Requirements         string
	Plan                 string // subscriptionTier
	SubscriptionStatus   string
	MaxQRCodes           int
	StripeCustomerID     string
	StripeSubscriptionID string
	// CheckoutSessionID is the paid checkout that created the organisation;
	// unique, so one checkout can never make two.
	CheckoutSessionID string
	TrialEndsAt       time.Time // zero unless it began as a trial
	// SubscriptionEventAt is the time of the newest subscription event
	// applied: an older one, delivered late, changes nothing.
	SubscriptionEventAt time.Time
	// PaperSize is the sheet size batch printing starts on (labels.A4 or
	// labels.Letter), editable by its members.
	PaperSize string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// OrganizationCounts are the dashboard's figures, counted from their tables.
type OrganizationCounts struct {
	QRCodes  int
	Projects int
	Members  int
}

// Registration is a pending corporate registration (§3
// pending_corporate_registrations): what the full form sent, kept until its
// checkout is paid.
type Registration struct {
	ID int64
	// Ref is the random registration id the browser carries back
	// (registration_id) and the only metadata we give the provider.
	Ref               string
	OrganizationName  string
	ContactFirstName  string
	ContactLastName   string
	ContactEmail      string
	Phone             string
	OrganizationType  string
	EmployeeCount     string
	Plan              string
	Address           string
	City              string
	Country           string
	Requirements      string
	CheckoutSessionID string
	Status            string
	// OrganizationID is the organisation the registration made, or, for a
	// subscription to an existing organisation (a trial's or a canceled
	// one's), that organisation from the start.
	OrganizationID int64
	CreatedAt      time.Time
}

// Validate checks a registration the way the form does (§5), returning the
// first problem with the spec's message.
func (r *Registration) Validate() error {
	for _, f := range []*string{&r.OrganizationName, &r.ContactFirstName, &r.ContactLastName, &r.Phone,
		&r.OrganizationType, &r.EmployeeCount, &r.Plan, &r.Address, &r.City, &r.Country, &r.Requirements} {
		*f = strings.TrimSpace(*f)
	}
	r.ContactEmail = NormalizeEmail(r.ContactEmail)
	checks := []struct {
		ok      bool
		message string
	}{
		{runes(r.OrganizationName) >= 2, MsgOrgNameTooShort},
		{runes(r.ContactFirstName) >= 2, MsgFirstNameTooShort},
		{runes(r.ContactLastName) >= 2, MsgLastNameTooShort},
		{ValidEmail(r.ContactEmail), MsgValidEmailRequired},
		{runes(r.Phone) >= 10, MsgPhoneInvalid},
		{slices.Contains(OrganizationTypes, r.OrganizationType), MsgOrgTypeRequired},
		{slices.Contains(EmployeeCounts, r.EmployeeCount), MsgEmployeeCountRequired},
		{validPlan(r.Plan), MsgPlanRequired},
		{runes(r.Address) >= 10, MsgAddressTooShort},
		{runes(r.City) >= 2, MsgCityRequired},
		{runes(r.Country) >= 2, MsgCountryRequired},
	}
	for _, c := range checks {
		if !c.ok {
			return NewError(EINVALID, c.message)
		}
	}
	for _, v := range []string{r.OrganizationName, r.ContactFirstName, r.ContactLastName, r.ContactEmail, r.Phone,
		r.Address, r.City, r.Country} {
		if len(v) > CorporateFieldMaxBytes {
			return NewError(EINVALID, MsgCorporateFieldTooLong)
		}
	}
	if len(r.Requirements) > RequirementsMaxBytes {
		return NewError(EINVALID, MsgCorporateFieldTooLong)
	}
	return nil
}

// TrialRegistration is the simple form (§3): a 14-day trial, no card.
type TrialRegistration struct {
	Name             string `json:"name"`
	Industry         string `json:"industry"`
	ContactEmail     string `json:"contactEmail"`
	ContactPhone     string `json:"contactPhone"`
	SubscriptionTier string `json:"subscriptionTier"`
}

// Validate checks the simple form: name and e-mail required, plan defaults
// to starter, industry optional but one of the list.
func (r *TrialRegistration) Validate() error {
	r.Name = strings.TrimSpace(r.Name)
	r.Industry = strings.TrimSpace(r.Industry)
	r.ContactEmail = NormalizeEmail(r.ContactEmail)
	r.ContactPhone = strings.TrimSpace(r.ContactPhone)
	r.SubscriptionTier = strings.TrimSpace(r.SubscriptionTier)
	if r.SubscriptionTier == "" {
		r.SubscriptionTier = plans.All.DefaultPlan
	}
	switch {
	case r.Name == "":
		return NewError(EINVALID, MsgOrgNameRequired)
	case !ValidEmail(r.ContactEmail):
		return NewError(EINVALID, MsgValidEmailRequired)
	case r.Industry != "" && !slices.Contains(SimpleIndustries, r.Industry):
		return NewError(EINVALID, MsgIndustryInvalid)
	case !validPlan(r.SubscriptionTier):
		return NewError(EINVALID, MsgPlanRequired)
	}
	for _, v := range []string{r.Name, r.ContactEmail, r.ContactPhone} {
		if len(v) > CorporateFieldMaxBytes {
			return NewError(EINVALID, MsgCorporateFieldTooLong)
		}
	}
	return nil
}

// Activity is one line of an organisation's Recent Activity. Detail names
// a team member's address at most; nothing medical.
type Activity struct {
	ID             int64
	OrganizationID int64
	Kind           string
	Detail         string
	CreatedAt      time.Time
}

// ValidEmail is the corporate forms' address check: something@something.tld,
// no spaces, short enough.
func ValidEmail(email string) bool {
	at := strings.IndexByte(email, '@')
	return at > 0 && len(email) <= EmailMaxBytes && !strings.ContainsAny(email, " \t\r\n") &&
		strings.Contains(email[at+1:], ".") && !strings.HasSuffix(email, ".")
}

// ValidPaperSize reports whether paper is a size an organisation may print on.
func ValidPaperSize(paper string) bool {
	return paper == string(labels.A4) || paper == string(labels.Letter)
}

// PaperSizeName is how a paper size is written for people.
func PaperSizeName(paper string) string {
	if paper == string(labels.Letter) {
		return "US Letter"
	}
	return "A4"
}

// PaperForCountry is a new organisation's paper: US Letter in the
// countries that use it, A4 everywhere else (DESIGN.md: paper follows the
// customer's locale; the product sells in pounds, so A4 when unsure).
func PaperForCountry(country string) string {
	switch strings.ToLower(strings.TrimSpace(strings.ReplaceAll(country, ".", ""))) {
	case "us", "usa", "united states", "united states of america", "canada", "ca", "mexico", "mx":
		return string(labels.Letter)
	}
	return string(labels.A4)
}

func validPlan(id string) bool { _, ok := plans.Find(id); return ok }

func runes(s string) int { return len([]rune(s)) }

// SubscriptionCheckout is what the provider needs to open a subscription
// checkout: our registration reference, the payer's address and the plan.
type SubscriptionCheckout struct {
	Ref        string
	Email      string
	Plan       plans.Plan
	SuccessURL string // with {CHECKOUT_SESSION_ID} where the provider fills in the session id
	CancelURL  string
}

// CheckoutSession is a created hosted checkout.
type CheckoutSession struct {
	ID  string
	URL string // where the browser goes to pay
}

// SubscriptionProvider runs subscriptions: Stripe Checkout in subscription
// mode and its customer portal, or the local test checkout.
type SubscriptionProvider interface {
	CreateSubscriptionCheckout(ctx context.Context, c SubscriptionCheckout) (CheckoutSession, error)
	// ReadCheckoutSession reads a session back as the
	// checkout.session.completed event that reports it.
	ReadCheckoutSession(ctx context.Context, sessionID string) (PaymentEvent, error)
	// CreatePortalSession returns the address of the customer's billing portal.
	CreatePortalSession(ctx context.Context, customerID, returnURL string) (string, error)
}

// Corporate event types.
const (
	EventCheckoutCompleted    = "checkout.session.completed"
	EventSubscriptionUpdated  = "customer.subscription.updated"
	EventSubscriptionDeleted  = "customer.subscription.deleted"
	EventInvoicePaymentFailed = "invoice.payment_failed"
	CheckoutPaid              = "paid"
	CheckoutNoPaymentRequired = "no_payment_required"
	CheckoutModeSubscription  = "subscription"
)

// IsCorporateEvent reports whether a provider event is about subscriptions.
func IsCorporateEvent(eventType string) bool {
	switch eventType {
	case EventCheckoutCompleted, EventSubscriptionUpdated, EventSubscriptionDeleted, EventInvoicePaymentFailed:
		return true
	}
	return false
}

// CheckoutEvent is what a checkout.session.completed event says.
type CheckoutEvent struct {
	SessionID       string
	Mode            string
	PaymentStatus   string // paid, unpaid, no_payment_required
	RegistrationRef string // from metadata
	CustomerID      string
	SubscriptionID  string
}

// SubscriptionEvent is what a subscription or invoice event says.
type SubscriptionEvent struct {
	SubscriptionID string
	CustomerID     string
	// Status is the provider's (active, trialing, past_due, canceled, ...);
	// empty for invoice.payment_failed.
	Status string
	// LookupKey is the lookup key of the subscription's price: its plan.
	LookupKey string
}

// CorporateStore keeps organisations, their members, pending registrations
// and activity.
type CorporateStore interface {
	CreateRegistration(ctx context.Context, r *Registration) error
	SetRegistrationCheckout(ctx context.Context, ref, sessionID string) error
	FindRegistration(ctx context.Context, ref string) (*Registration, error)
	FindOrganization(ctx context.Context, id int64) (*Organization, error)
	// CountOrganization counts an organisation's codes, projects and members.
	CountOrganization(ctx context.Context, id int64) (*OrganizationCounts, error)
	// ListMembers returns an organisation's users, the owner first.
	ListMembers(ctx context.Context, organizationID int64) ([]*User, error)
	// ListActivity returns the newest activities first.
	ListActivity(ctx context.Context, organizationID int64, limit int) ([]*Activity, error)
	// ListOrganizations pages through organisations by id, those whose
	// name or contact address contains search (case-insensitive; empty:
	// all), and counts every match: for the admin dashboard.
	ListOrganizations(ctx context.Context, search string, offset, limit int) ([]*Organization, int, error)
	// ListTrialsEnding returns trials ending in [from, to) that have not
	// been told yet, marking them told.
	ListTrialsEnding(ctx context.Context, from, to time.Time) ([]*Organization, error)
	// DeleteRegistrationsBefore deletes the registrations (paid or not)
	// created before before: once its checkout has expired or made the
	// organisation, a registration's copy of the form is not needed.
	DeleteRegistrationsBefore(ctx context.Context, before time.Time) (int64, error)
	// ExpireTrials makes every trial that ended before now inactive and
	// says how many.
	ExpireTrials(ctx context.Context, now time.Time) (int64, error)
	// InCorporateTx runs fn in one transaction.
	InCorporateTx(ctx context.Context, fn func(CorporateTx) error) error
}

// CorporateTx is what the corporate use cases do inside a transaction; the
// rules are in the service.
type CorporateTx interface {
	// RecordEvent stores a provider event id; false when it was stored before.
	RecordEvent(eventID, eventType string, now time.Time) (bool, error)
	LockRegistration(ref string) (*Registration, error)
	CompleteRegistration(ref string, organizationID int64) error
	// CreateOrganization inserts o and sets its ID; ECONFLICT for a
	// checkout session that already made one.
	CreateOrganization(o *Organization) error
	// SetPaperSize changes the organisation's paper (labels.PaperSize).
	SetPaperSize(organizationID int64, paper string, now time.Time) error
	// LockOrganization reads an organisation for update.
	LockOrganization(id int64) (*Organization, error)
	// LockOrganizationBySubscription: ENOTFOUND when no organisation has it.
	LockOrganizationBySubscription(subscriptionID string) (*Organization, error)
	UpdateSubscription(o *Organization) error
	// StartSubscription records the paid checkout that subscribed an
	// existing organisation: its plan, status, ids and session.
	StartSubscription(o *Organization) error
	CountMembers(organizationID int64) (int, error)
	// EmailTaken reports whether the address has an account of any kind.
	EmailTaken(email string) (bool, error)
	// CreateMember inserts a password-less user of the organisation;
	// ECONFLICT when the address has an account.
	CreateMember(organizationID int64, email, userType string, now time.Time) (*User, error)
	FindMember(organizationID, userID int64) (*User, error)
	DeleteMember(organizationID, userID int64) error
	AddActivity(a *Activity) error
}
