package cloud

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/plans"
)

// Corporate accounts (docs/design/admin-corporate.md §2-§9, docs/design/decisions.md §9 "Corporate").
// An organisation is created only from a paid subscription checkout (or a
// trial), with its owner; the owner invites up to two admins.

// Corporate user types (users.user_type).
const (
	UserTypeCorporateOwner = "corporate_owner" // shown as Organization Administrator
	UserTypeCorporateAdmin = "corporate_admin" // shown as Admin
)

// IsCorporate reports whether a user type is a corporate one (docs/design/admin-corporate.md §6: it
// begins with corporate_).
func IsCorporate(userType string) bool { return strings.HasPrefix(userType, "corporate_") }

// Subscription statuses (docs/design/admin-corporate.md §4). Stripe's statuses map onto these.
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
	ActivityHandedOver          = "handed_over" // by a site admin, to the new owner's address
	ActivityPaperChanged        = "paper_changed"
)

// Choices of the registration forms (docs/design/admin-corporate.md §3).
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

// Corporate messages: docs/design/admin-corporate.md §5 and §8 where the spec gives them.
const (
	MsgOrgNameTooShort       = "Organization name must be at least 2 characters"
	MsgFirstNameTooShort     = "First name must be at least 2 characters"
	MsgLastNameTooShort      = "Last name must be at least 2 characters"
	MsgValidEmailRequired    = "Please enter a valid email address"
	MsgPhoneInvalid          = "Please enter a valid phone number"
	MsgOrgTypeRequired       = "Please select an organization type"
	MsgEmployeeCountRequired = "Please select employee count"
	MsgPlanRequired          = "Please select a subscription plan"
	MsgAddressTooShort       = "Please enter your full address"
	MsgCityRequired          = "Please enter your city"
	MsgCountryRequired       = "Please enter your country"
	// MsgCountryUnknownDates follows the dates' allowed values in the
	// import template of an organisation whose country is not known (a
	// trial from before the form asked): its dates are read the UK's way.
	MsgCountryUnknownDates    = "(read day first, as in the UK: your organisation's country is not on record)"
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
	// The trial's proof of address (docs/security.md).
	MsgTrialMailSent               = "Check your email: we sent a link to confirm your address. Your trial starts when you open it."
	MsgTrialMailboxUsed            = "This mailbox has already had a free trial. Choose a plan to continue."
	MsgTooManyTrials               = "Too many trial registrations from here today. Please try again tomorrow or contact support."
	MsgTooManyTrialsForMailbox     = "Too many trial registrations for this address today. Open the link in the newest e-mail we sent, or try again tomorrow."
	MsgSetupMailResent             = "If this registration is waiting for its setup link, we have sent it again."
	MsgTooManySetupMails           = "We have already sent this link several times. Check your spam folder, or try again tomorrow."
	MsgAddressTakenMeanwhile       = "This address has an account now, so no trial was started. Sign in instead."
	MsgOrganizationDeleted         = "Organization deleted"
	MsgOrganizationHandedOver      = "Organization handed over: the new owner has been sent a setup link"
	MsgAllowanceInvalid            = "The QR code allowance must be between 1 and 100000"
	MsgAllowanceChanged            = "QR code allowance changed"
	MsgOrganizationHasSubscription = "This organization has a live subscription: cancel it in Stripe first"
)

// Trial limits (docs/security.md; one trial per proven mailbox,
// ever, is trial_mailboxes' unique key): registrations a day per client address and per mailbox (each mails
// a link); the setup mails one registration may send; and a trial's code
// allowance, Starter's, whatever plan it tries, until a site admin raises it.
const (
	TrialRegistrationsADay    = 3
	SetupMailsPerRegistration = 3
	MaxAllowance              = 100000
)

// MsgInviteExistingMailSubject is the subject of the mail an invited address
// that already has an account gets (service.InviteMember).
const MsgInviteExistingMailSubject = "You were invited to an organisation on Lifetag"

// MsgMemberRemovedMailSubject is the subject of the mail a removed team
// member gets (service.RemoveMember).
const MsgMemberRemovedMailSubject = "Your Lifetag account was removed by your organisation"

// TrialEndingNotice is how long before its end a trial's owner is told.
const TrialEndingNotice = 3 * 24 * time.Hour

// RegistrationKept is how long a pending registration is kept: a Stripe
// Checkout session expires within 24 hours.
const RegistrationKept = 48 * time.Hour

// monthFirstCountries write dates month first (04/12/1985 is April 12th):
// their spreadsheets' dates are read only as YYYY-MM-DD.
var monthFirstCountries = []string{"us", "usa", "u.s.", "u.s.a.", "united states", "united states of america", "america"}

// CountryUnknown reports whether the organisation's country is not on
// record (a trial from before its form asked): it is then read as the
// UK's, A4 and day-first dates, and its import template says so.
func (o *Organization) CountryUnknown() bool { return strings.TrimSpace(o.Country) == "" }

// DayFirstDates reports whether the organisation writes dates day first
// (DD/MM/YYYY), as the UK and most of the world do: a CSV import reads
// its dates that way as well as ISO.
func (o *Organization) DayFirstDates() bool {
	return !slices.Contains(monthFirstCountries, strings.ToLower(strings.TrimSpace(o.Country)))
}

// Paper is the paper the organisation prints on: its chosen PaperSize, or
// for a row made before paper sizes (or outside the service) the paper of
// its country (PaperForCountry).
func (o *Organization) Paper() string {
	if o.PaperSize != "" {
		return o.PaperSize
	}
	return PaperForCountry(o.Country)
}

// Organization is a corporate customer (docs/design/admin-corporate.md §3, admin view).
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
	// ReviewPeriodMonths is how often its codes' details are to be
	// confirmed (ReviewPeriodChoices; ReviewPeriod reads it).
	ReviewPeriodMonths int
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// Status is the organisation's subscription status at now: a trial whose
// end date has passed is inactive from that moment, whether or not the
// hourly job (ExpireTrials) has marked it yet.
func (o *Organization) Status(now time.Time) string {
	if o.SubscriptionStatus == SubscriptionTrial && !o.TrialEndsAt.IsZero() && !now.Before(o.TrialEndsAt) {
		return SubscriptionInactive
	}
	return o.SubscriptionStatus
}

// OrganizationCounts are the dashboard's figures, counted from their tables.
type OrganizationCounts struct {
	QRCodes  int
	Projects int
	Members  int
}

// Registration is a pending corporate registration (docs/design/admin-corporate.md §3
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
	// A trial's registration (the simple form) has these: the hash of the
	// link mailed to prove the address, the hashes of the folded mailbox
	// (FoldMailbox) and client address it is counted under, and how many
	// setup mails it has sent. A paid registration counts MailsSent only.
	ConfirmTokenHash []byte
	MailboxHash      []byte
	ClientHash       []byte
	MailsSent        int
}

// IsTrial reports whether r is a trial's registration, not a checkout's.
func (r *Registration) IsTrial() bool { return len(r.ConfirmTokenHash) > 0 }

// dotFolding: the providers that deliver l.o.c.a.l@ to local@, and the
// domain they are one mailbox under.
var dotFolding = map[string]string{"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}

// FoldMailbox is the mailbox an address delivers to, as far as we can
// tell, for counting trials: lower case; a +tag dropped (every common
// provider and most company servers deliver it to the same mailbox); and
// for Gmail, dots dropped and googlemail.com read as gmail.com.
func FoldMailbox(email string) string {
	local, domain, ok := strings.Cut(strings.ToLower(NormalizeEmail(email)), "@")
	if !ok {
		return email
	}
	local, _, _ = strings.Cut(local, "+")
	if canonical, folds := dotFolding[domain]; folds {
		local, domain = strings.ReplaceAll(local, ".", ""), canonical
	}
	return local + "@" + domain
}

// Validate checks a registration the way the form does (docs/design/admin-corporate.md §5), returning the
// first problem with the spec's message.
func (r *Registration) Validate() error {
	// One-line fields get the rule every one-line field gets (names can
	// reach a mail or a page: no line breaks, nothing invisible); the
	// address and the requirements may run over lines.
	for _, f := range []*string{&r.OrganizationName, &r.ContactFirstName, &r.ContactLastName, &r.Phone,
		&r.OrganizationType, &r.EmployeeCount, &r.Plan, &r.City, &r.Country} {
		*f = emergency.SingleLine(*f)
	}
	for _, f := range []*string{&r.Address, &r.Requirements} {
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

// TrialRegistration is the simple form (docs/design/admin-corporate.md §3): a 14-day trial, no card.
// Its wire form is api.CorporateTrialRegistration.
type TrialRegistration struct {
	Name             string
	Industry         string
	ContactEmail     string
	ContactPhone     string
	SubscriptionTier string
	// Country is the form's choice (United Kingdom preselected), kept as
	// the paid form keeps its own: it sets the organisation's paper and
	// how its spreadsheets' dates are read. Empty from a client that does
	// not send it: the organisation's country is then unknown.
	Country string
}

// Validate checks the simple form: name and e-mail required, plan defaults
// to starter, industry optional but one of the list.
func (r *TrialRegistration) Validate() error {
	r.Name = emergency.SingleLine(r.Name) // the one-line rule (Registration.Validate)
	r.Industry = strings.TrimSpace(r.Industry)
	r.ContactEmail = NormalizeEmail(r.ContactEmail)
	r.ContactPhone = emergency.SingleLine(r.ContactPhone)
	r.SubscriptionTier = strings.TrimSpace(r.SubscriptionTier)
	r.Country = emergency.SingleLine(r.Country)
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
	case r.Country != "" && runes(r.Country) < 2: // the paid form's rule
		return NewError(EINVALID, MsgCountryRequired)
	}
	for _, v := range []string{r.Name, r.ContactEmail, r.ContactPhone, r.Country} {
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

// ValidEmail is the corporate forms' address check of a normalised address:
// exactly one mailbox with nothing invisible in it (emergency.ValidMailbox,
// the one rule), whose domain has a dot inside it (something@something.tld,
// as the spec's forms ask).
func ValidEmail(email string) bool {
	if !emergency.ValidMailbox(email) {
		return false
	}
	domain := email[strings.IndexByte(email, '@')+1:]
	return strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".")
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
// countries that use it, A4 everywhere else (docs/design/decisions.md §6: paper follows the
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

// Invitation is a pending invitation to an organisation's team, kept for
// every invited address (docs/security.md): the team list shows it
// the same whether or not the address has an account (a new address's also
// has its password-less member row, which it stands for in the list), and
// one for an address with an account elsewhere holds a seat as that row
// would. It goes when the invitee sets a password or the owner removes it.
type Invitation struct {
	ID             int64
	OrganizationID int64
	Email          string
	CreatedAt      time.Time
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
	// ListInvitations returns an organisation's pending invitations, oldest first.
	ListInvitations(ctx context.Context, organizationID int64) ([]*Invitation, error)
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
	// CountTrialRegistrations counts the trial registrations since since
	// under a mailbox hash and under a client hash.
	CountTrialRegistrations(ctx context.Context, mailboxHash, clientHash []byte, since time.Time) (byMailbox, byClient int, err error)
	// TrialMailboxUsed reports whether a mailbox hash has had its trial.
	TrialMailboxUsed(ctx context.Context, mailboxHash []byte) (bool, error)
	// FindRegistrationByConfirmToken finds a trial's registration by its link.
	FindRegistrationByConfirmToken(ctx context.Context, tokenHash []byte) (*Registration, error)
	// NoteRegistrationMail counts one more setup mail of a registration,
	// replacing its confirmation token hash when one is given, and returns
	// the count.
	NoteRegistrationMail(ctx context.Context, ref string, tokenHash []byte) (int, error)
	// RenewTrialLink replaces a pending trial registration's link
	// (tokenHash, the new one's) and counts one more setup mail; the
	// registration counts as made at now, so that its new link has its
	// full ResetTokenTTL and the registration its RegistrationKept.
	RenewTrialLink(ctx context.Context, ref string, tokenHash []byte, now time.Time) error
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
	// SetReviewPeriod changes the organisation's review period in months.
	SetReviewPeriod(organizationID int64, months int, now time.Time) error
	// LockOrganization reads an organisation for update.
	LockOrganization(id int64) (*Organization, error)
	// LockOrganizationBySubscription: ENOTFOUND when no organisation has it.
	LockOrganizationBySubscription(subscriptionID string) (*Organization, error)
	UpdateSubscription(o *Organization) error
	// StartSubscription records the paid checkout that subscribed an
	// existing organisation: its plan, status, ids and session.
	StartSubscription(o *Organization) error
	// CountMembers counts the team's seats: its users, and its invitations
	// of addresses that have an account elsewhere (Invitation).
	CountMembers(organizationID int64) (int, error)
	// AddInvitation records an invitation of email (nothing when it is
	// pending already).
	AddInvitation(organizationID int64, email string, now time.Time) error
	// FindInvitation: ENOTFOUND when the organisation has no such one.
	FindInvitation(organizationID, id int64) (*Invitation, error)
	// DeleteInvitation forgets the organisation's invitation of email.
	DeleteInvitation(organizationID int64, email string) error
	// EmailTaken reports whether the address has an account of any kind.
	EmailTaken(email string) (bool, error)
	// CreateMember inserts a password-less user of the organisation;
	// ECONFLICT when the address has an account.
	CreateMember(organizationID int64, email, userType string, now time.Time) (*User, error)
	FindMember(organizationID, userID int64) (*User, error)
	// FindOwner: ENOTFOUND when the organisation has none.
	FindOwner(organizationID int64) (*User, error)
	DeleteMember(organizationID, userID int64) error
	AddActivity(a *Activity) error
	// UseTrialMailbox records a proven trial under a mailbox hash;
	// ECONFLICT (MsgTrialMailboxUsed) when it has had one.
	UseTrialMailbox(mailboxHash []byte, now time.Time) error
	// DeleteOrganization deletes an organisation, its members' accounts
	// and everything of its own.
	DeleteOrganization(id int64) error
	// SetContactEmail changes an organisation's contact address.
	SetContactEmail(id int64, email string, now time.Time) error
	// RemoveAccess deletes the accounts of every member of the
	// organisation and its invitations, revokes its API keys and removes
	// its single sign-on: no one keeps a way in (a hand-over).
	RemoveAccess(organizationID int64, now time.Time) error
}
