package cloud

import (
	"context"
	"strings"
	"time"
)

// Corporate integration: an organisation's own system keeps its
// workers' codes in step by its own id for each worker (the employee or
// badge number), the code's ExternalID.

// ExternalIDMaxBytes bounds an external id; SyncMaxCodes one bulk upsert
// (the CSV import's 2,000 rows).
const (
	ExternalIDMaxBytes = 100
	SyncMaxCodes       = ImportMaxRows
	// ChangesMaxLimit bounds one page of the changes feed.
	ChangesMaxLimit     = 500
	ChangesDefaultLimit = 100
)

// Activity kinds of the sync: Detail is how many codes one bulk upsert
// created, updated and deactivated; a single upsert uses the library's
// qr_code_created / qr_code_updated.
const (
	ActivityCodesSynced = "qr_codes_synced"
)

// Sync messages.
const (
	MsgExternalIDRequired = "Employee or badge number (externalId) is required"
	MsgExternalIDInvalid  = "Employee or badge number (externalId) must be 1 to 100 characters: letters A-Z, digits and - _ . : @ +"
	// MsgExternalIDTaken: the id (taken in any case: ExternalIDKey).
	MsgExternalIDTaken = "Another QR code already has the employee or badge number %q"
	// MsgExternalIDNotFound: the id.
	MsgExternalIDNotFound    = "No QR code has the employee or badge number %q"
	MsgSyncEmpty             = "Send at least one worker in qrCodes"
	MsgSyncTooMany           = "At most 2000 workers in one request: split the list"
	MsgSyncHasErrors         = "Some workers have errors, so nothing was saved. Fix them and try again."
	MsgSyncDuplicateExternal = "This employee or badge number appears more than once in the request"
	MsgSyncConflict          = "Another request changed these QR codes at the same time: send this one again"
	MsgChangesCursorInvalid  = "cursor is not one this API gave: start again without it"
	MsgChangesSinceInvalid   = "updatedSince must be a time like 2026-01-31T22:00:00Z (RFC 3339)"
	MsgChangesLimitInvalid   = "limit must be a number from 1 to 500"
	MsgChangesIncludeInvalid = "include must be empty or record"
	// MsgPagingValueEmpty: the parameter's name.
	MsgPagingValueEmpty      = "%s is given with no value: leave it out to start from the beginning, or give the value the API sent"
	MsgPrintExternalIDsEmpty = "Send at least one employee or badge number in externalIds"
	// MsgPrintExternalIDsUnknown: the ids, comma separated.
	MsgPrintExternalIDsUnknown = "No QR code has these employee or badge numbers: %s"
	// MsgPrintExternalIDsInactive: the ids, comma separated.
	MsgPrintExternalIDsInactive = "These workers' QR codes are deactivated, so their labels are not printed: %s"
)

// ExternalIDKey is what makes an external id one worker's: the id without
// regard to case ("bf-0101" is "BF-0101"). HR systems, spreadsheets and
// people retyping a badge number do not keep case, and two codes whose
// numbers differ only in case would be one worker with two codes. An id is
// stored and shown as it was given; every match (the import, the sync, the
// library's filter, printing by id) and the uniqueness within an
// organisation use this key. The id's characters are ASCII
// (NormalizeExternalID), so folding is plain lower-casing, the same in Go,
// PostgreSQL and SQLite.
func ExternalIDKey(id string) string { return strings.ToLower(id) }

// NormalizeExternalID trims an external id and checks it: one to
// ExternalIDMaxBytes characters of A-Z a-z 0-9 - _ . : @ +. The set is
// narrow on purpose: an id travels in a URL path (no escaping questions, no
// "/"), in CSV exports and on labels, and HR systems' employee and badge
// numbers fit it. The empty string is "none" and valid.
func NormalizeExternalID(s string) (string, error) {
	s = strings.TrimSpace(s)
	if len(s) > ExternalIDMaxBytes {
		return "", NewError(EINVALID, MsgExternalIDInvalid)
	}
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.:@+", r)
		if !ok {
			return "", NewError(EINVALID, MsgExternalIDInvalid)
		}
	}
	return s, nil
}

// ChangesCursor is a position in the changes feed: the last code read.
type ChangesCursor struct {
	UpdatedAt time.Time
	ID        int64
}

// SyncStore keeps codes in step with an organisation's own system.
type SyncStore interface {
	// FindCodesByExternalID returns the organisation's codes that carry
	// these external ids in any case (ExternalIDKey; those that none
	// carries are simply absent).
	FindCodesByExternalID(ctx context.Context, organizationID int64, externalIDs []string) ([]*CorporateCode, error)
	// SaveCodes inserts creates and updates updates (all of one
	// organisation) in one transaction with the organisation's row locked:
	// for creates, CanCreateCodes and the quota are checked for the whole
	// batch, as CreateCodes does; an external id another code took
	// meanwhile is ECONFLICT, an update of a code deleted meanwhile
	// ENOTFOUND; nothing is written then. a may be nil (no activity).
	SaveCodes(ctx context.Context, organizationID int64, creates, updates []*CorporateCode, a *Activity) error
	// CodeChanges returns up to limit of the organisation's codes updated
	// at or after since, in (updated_at, id) order, starting after the
	// cursor when it is not zero.
	CodeChanges(ctx context.Context, organizationID int64, since time.Time, after ChangesCursor, limit int) ([]*CorporateCode, error)
}

// Idempotency-Key (as Stripe does): the first answer to a create
// sent with a key is kept IdempotencyTTL and answered again to the same
// key and request; another request with the key is refused.
const (
	IdempotencyTTL         = 24 * time.Hour
	IdempotencyKeyMaxBytes = 255
	// IdempotencyLease is how long a claim holds its key without being
	// renewed: the running request renews it every IdempotencyRenewEvery,
	// so only a request whose instance died (or lost the database) lets
	// it run out, and a retry after that runs the request again. It bounds
	// how long a client retrying after a crash gets "still being
	// processed" (docs/integrating.md).
	IdempotencyLease          = 10 * time.Second
	IdempotencyRenewEvery     = IdempotencyLease / 4
	MsgIdempotencyKeyInvalid  = "Idempotency-Key must be 1 to 255 visible ASCII characters"
	MsgIdempotencyKeyMismatch = "This Idempotency-Key was used with a different request"
	MsgIdempotencyInProgress  = "A request with this Idempotency-Key is still being processed: try again in a moment"
	// The kept answer is sealed; after a DATA_KEY rotation whose old key
	// was dropped within the day it cannot be read back.
	MsgIdempotencyAnswerUnreadable = "This Idempotency-Key's first answer can no longer be read back: check the library before sending the request again with a new key"
)

// IdempotentRequest is one use of a key: who, where, the request's hash,
// and its claim: the instance running it, a random id that only this use
// holds, and the lease it holds the key until.
type IdempotentRequest struct {
	OrganizationID int64
	Caller         string
	Key            string
	RequestHash    []byte
	CreatedAt      time.Time
	Instance       string
	Claim          []byte
	LeaseUntil     time.Time
}

// IdempotentAnswer is a kept answer; Status 0 is a request still running.
type IdempotentAnswer struct {
	RequestHash []byte
	Status      int
	ContentType string
	Body        []byte
}

// IdempotencyStore keeps the keys' first answers.
type IdempotencyStore interface {
	// ClaimIdempotencyKey records r as running (its claim, leased until
	// r.LeaseUntil) and answers nil, or, when the key is already used,
	// that use. A use older than IdempotencyTTL at r.CreatedAt is replaced,
	// and so is a running use of the same request whose lease ran out
	// before r.CreatedAt (its request died: r runs it again). Two claims
	// at once: one gets nil, the other the first's running use.
	ClaimIdempotencyKey(ctx context.Context, r IdempotentRequest) (*IdempotentAnswer, error)
	// RenewIdempotencyKey extends r's lease to until while r still holds
	// the key and runs; false when it does not (taken over, or finished).
	RenewIdempotencyKey(ctx context.Context, r IdempotentRequest, until time.Time) (bool, error)
	// FinishIdempotencyKey keeps the answer of the key r holds (inside
	// InTx: in the transaction of the request's writes, so both commit or
	// neither); ECONFLICT when r no longer holds it (its lease ran out and
	// a retry took it over: the caller must not commit). A nil answer
	// releases the key r holds (the request failed on our side: it may be
	// retried at once).
	FinishIdempotencyKey(ctx context.Context, r IdempotentRequest, a *IdempotentAnswer) error
	// DeleteIdempotencyKeysBefore prunes uses older than before.
	DeleteIdempotencyKeysBefore(ctx context.Context, before time.Time) (int64, error)
}
