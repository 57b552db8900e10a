package cloud

import (
	"context"
	"time"
)

// Worker self-service collection links (beyond the spec). A safety
// officer shares a link for a template and project; each worker fills in
// their own details on their phone, without an account, and each submission
// becomes a code in the organisation's library. An update link is bound to
// one code and lets its worker correct their own record, once.

// Expiry choices of a shared link, in days; 0 means it never expires.
var CollectionLinkExpiryDays = []int{7, 30, 0}

// Collection link limits.
const (
	// DefaultCollectionLinkDays is the expiry a new shared link gets when
	// the officer does not choose one.
	DefaultCollectionLinkDays = 30
	// UpdateLinkValidity is how long a worker's update link works: long
	// enough to find the mail on a shift pattern, short enough that a
	// forwarded link soon stops working.
	UpdateLinkValidity = 72 * time.Hour
)

// Activity kinds of collection links (Recent Activity, never medical data).
const (
	ActivityCollectionLinkCreated = "collection_link_created"
	ActivityCollectionLinkRevoked = "collection_link_revoked"
	ActivityCollectionSubmitted   = "collection_submitted"
	ActivityUpdateLinkSent        = "update_link_sent"
	ActivityCollectionUpdated     = "collection_updated"
	// ActivityCodeConfirmed: a worker (through their update link) or an
	// officer confirmed a code's details as they are; the detail names the code.
	ActivityCodeConfirmed = "qr_code_confirmed"
	// ActivityReturningWorker: a worker who already has a code sent a shared
	// link's form again; the officer should send them an update link.
	ActivityReturningWorker = "collection_returning_worker"
)

// Collection messages, shown to officers and workers.
const (
	MsgCollectionLinkNotFound    = "Collection link not found"
	MsgCollectionLinkRefNotFound = "The chosen template, project or code was not found in this organization"
	MsgCollectionExpiryInvalid   = "Expiry must be 7 days, 30 days or never"
	MsgCollectionLinkRevoked     = "Collection link revoked"
	MsgCollectionLinkGone        = "This link is no longer valid. Please ask your safety officer for a new one."
	MsgCollectionLinkUsed        = "This link has already been used. Please ask your safety officer for a new one if your details need another change."
	MsgCollectionClosed          = "This form is not accepting submissions right now. Please tell your safety officer."
	MsgCollectionPlanFull        = "This form is closed for now: your employer's plan is full. Please ask your safety officer."
	MsgCollectionConsentRequired = "Please confirm that you agree to share these details."
	MsgCollectionThanks          = "Thank you — your details were sent to %s."
	// MsgCollectionNumberTaken answers a worker whose employee or badge
	// number another code already has: a second code for one worker is the
	// harm the number prevents, and an anonymous link must not overwrite
	// the code the number finds.
	MsgCollectionNumberTaken = "Your details are already held under this number. Please ask your safety officer for a link to update them."
	// MsgCollectionReturning answers a worker whose details look like a
	// code the organisation has (lookAlike): no second code is made, and
	// the answer says nothing of that code, since anyone may fill in a
	// shared link. The organisation's name.
	MsgCollectionReturning = "You already have a Lifetag code with %s, so no second one was made. " +
		"To change your details, use a one-time update link: it has been sent to the e-mail address on your record, " +
		"or, if your record has none, your safety officer has been asked to send you one."
	MsgUpdateLinkSent = "Update link sent"
	// MsgCollectConfirmOnlyUpdate refuses "my details are still right"
	// through a shared link, which is bound to no one's code.
	MsgCollectConfirmOnlyUpdate = "Only a link sent for your own details can confirm them. Please fill in the form instead."
	// MsgCollectConfirmed thanks a worker who confirmed their details: the
	// organisation's name.
	MsgCollectConfirmed = "Thank you — %s now knows your details are still right."
	// MsgCodeConfirmed answers an officer who confirmed a code's details.
	MsgCodeConfirmed         = "Details confirmed as still right"
	MsgUpdateLinkCreated     = "Update link created"
	MsgUpdateLinkMailSubject = "Check the emergency details on your Lifetag label"
	// MsgReturningWorkerMailSubject tells the officer who made a link that a
	// worker with a code asked to change their details.
	MsgReturningWorkerMailSubject = "A worker asks to update their Lifetag details"
)

// CollectionConsent is the line a worker agrees to before sending their
// details: who sees them, said plainly (%s is the organisation's name).
const CollectionConsent = "%s safety officers and the admins of Lifetag's printing service can see these details. " +
	"They are printed as plain text in a QR code on your label, which anyone who scans the label can read."

// CollectionLink is a shared collection link, or (CodeID set) a worker's
// single-use update link.
type CollectionLink struct {
	ID             int64
	OrganizationID int64
	// TokenHash is the SHA-256 of the link's token; the token itself is
	// only ever in the URL handed out once.
	TokenHash  []byte
	TemplateID int64 // 0: the Standard Emergency Form
	ProjectID  int64 // 0: no project
	CodeID     int64 // set for an update link
	// ExternalIDField, on a shared link, is the id of the template's field
	// whose value is the worker's employee or badge number (the code's
	// external id); "" for none.
	ExternalIDField string
	ExpiresAt       time.Time // zero: never
	RevokedAt       time.Time // zero: not revoked
	// Submissions counts the forms sent through the link.
	Submissions      int
	LastSubmissionAt time.Time
	CreatedBy        int64
	CreatedAt        time.Time

	// Read with the link: the names the list shows ("" for none or gone).
	TemplateName string
	ProjectName  string
}

// IsUpdateLink reports whether the link updates one existing code.
func (l *CollectionLink) IsUpdateLink() bool { return l.CodeID != 0 }

// Usable reports why a worker can no longer use the link at now: "" when
// they can, else the message to show them.
func (l *CollectionLink) Usable(now time.Time) string {
	switch {
	case !l.RevokedAt.IsZero(), !l.ExpiresAt.IsZero() && !now.Before(l.ExpiresAt):
		return MsgCollectionLinkGone
	case l.IsUpdateLink() && l.Submissions > 0:
		return MsgCollectionLinkUsed
	}
	return ""
}

// CollectionStore keeps collection links.
type CollectionStore interface {
	// CreateCollectionLink inserts l and sets its ID.
	CreateCollectionLink(ctx context.Context, l *CollectionLink) error
	// ListCollectionLinks returns an organisation's shared links (not update
	// links), newest first, with their template and project names.
	ListCollectionLinks(ctx context.Context, organizationID int64) ([]*CollectionLink, error)
	// FindCollectionLink finds a link of the organisation; ENOTFOUND for
	// another organisation's.
	FindCollectionLink(ctx context.Context, organizationID, linkID int64) (*CollectionLink, error)
	// FindCollectionLinkByToken finds a link by its token's hash, with its
	// template and project names; ENOTFOUND for none.
	FindCollectionLinkByToken(ctx context.Context, tokenHash []byte) (*CollectionLink, error)
	// RevokeCollectionLink marks the organisation's link revoked at now
	// (kept, so the list still shows it); ENOTFOUND for another
	// organisation's. Revoking twice keeps the first time.
	RevokeCollectionLink(ctx context.Context, organizationID, linkID int64, now time.Time) error
	// ClaimCollectionSubmission counts one submission on the link if, at
	// now, it is neither revoked nor expired and, for an update link, not
	// used yet; it reports whether it counted. Checking and counting in one
	// statement means two submissions at once cannot both use a
	// single-use link.
	ClaimCollectionSubmission(ctx context.Context, linkID int64, now time.Time) (bool, error)
	// ReleaseCollectionSubmission takes back a claimed submission whose code
	// could not be written, so the link is not used up by a failure.
	ReleaseCollectionSubmission(ctx context.Context, linkID int64) error
}
