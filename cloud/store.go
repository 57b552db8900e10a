package cloud

import (
	"context"
	"time"
)

// Store is the cloud's storage. Package sqldb implements it once, on
// PostgreSQL or SQLite; storetest holds the suite it must pass on both.
// Each method is one transaction. Missing rows are ENOTFOUND, unique
// violations ECONFLICT.
type Store interface {
	// Ping checks that the database answers.
	Ping(ctx context.Context) error
	Close() error
	// InTx runs fn in one transaction, committing when fn returns nil:
	// every store call and every job inserted (JobQueue.InsertJob) with the
	// ctx fn is given joins it. fn returns the first error of the store.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error

	CreateUser(ctx context.Context, u *User) error
	FindUserByID(ctx context.Context, id int64) (*User, error)
	FindUserByEmail(ctx context.Context, email string) (*User, error)
	// SeedAdmins makes exactly the given addresses admins, creating accounts
	// without a password for those that do not exist yet. An existing
	// account newly made an admin loses its password and sessions (whoever
	// set them may not own the mailbox); one that was an admin keeps them.
	SeedAdmins(ctx context.Context, emails []string, now time.Time) error
	// SetReferralCode sets a code on a user that has none; ECONFLICT if the
	// code is taken.
	SetReferralCode(ctx context.Context, userID int64, code string, now time.Time) error

	// SetResetToken stores the hash of a single-use password token.
	SetResetToken(ctx context.Context, userID int64, tokenHash []byte, expiresAt time.Time) error
	// SetResetTokenUnlessLive stores it only when the user has no live
	// token (none, or one expired at now), and says whether it did: of
	// instances seeding the same admin at once, exactly one issues a link.
	SetResetTokenUnlessLive(ctx context.Context, userID int64, tokenHash []byte, expiresAt, now time.Time) (bool, error)
	// UsePasswordToken consumes an unexpired token and sets the password hash
	// in one transaction, ending every session of the user. A non-empty email
	// must also match. ENOTFOUND when no such live token exists.
	UsePasswordToken(ctx context.Context, tokenHash []byte, email, passwordHash string, now time.Time) (*User, error)
	// PasswordTokenState says why a token is not live: PasswordTokenUsed
	// (it set a password), PasswordTokenExpired, or "" (never issued, or
	// replaced by a newer link).
	PasswordTokenState(ctx context.Context, tokenHash []byte, now time.Time) (string, error)
	// FindUserByPasswordToken returns the user of a live token (and email,
	// when not empty), without using it: the cheap check before a password
	// is hashed. ENOTFOUND when there is none.
	FindUserByPasswordToken(ctx context.Context, tokenHash []byte, email string, now time.Time) (*User, error)
	// SetIdentityFingerprint keeps the keyed hash of a paid user's locked
	// identity; it survives DeletePersonalData.
	SetIdentityFingerprint(ctx context.Context, userID int64, fingerprint []byte) error

	CreateSession(ctx context.Context, s *Session) error
	// FindSession returns the live session with that token hash and its user.
	FindSession(ctx context.Context, tokenHash []byte, now time.Time) (*Session, *User, error)
	DeleteSession(ctx context.Context, tokenHash []byte) error
	// VerifySession records that the session's person proved who they are
	// at now (Session.VerifiedAt); ENOTFOUND when the session is not live.
	VerifySession(ctx context.Context, tokenHash []byte, now time.Time) error
	// DeleteExpiredSessions deletes expired sessions (and says how many),
	// expired single sign-ins and station codes.
	DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error)

	// PutEmergencyRecord inserts or replaces the user's record, its
	// ReviewedAt included.
	PutEmergencyRecord(ctx context.Context, r *EmergencyRecord) error
	FindEmergencyRecord(ctx context.Context, userID int64) (*EmergencyRecord, error)

	// ListEmergencyRecords pages through every record by user id, for
	// re-sealing after a key rotation.
	ListEmergencyRecords(ctx context.Context, afterUserID int64, limit int) ([]*EmergencyRecord, error)
	// ReplaceEmergencyRecord writes r only if the stored record still has
	// the given updated_at (a newer write wins); it reports whether it wrote.
	// It keeps the stored ReviewedAt: re-sealing is nobody's review.
	ReplaceEmergencyRecord(ctx context.Context, r *EmergencyRecord, ifUpdatedAt time.Time) (bool, error)

	CreateReferral(ctx context.Context, r *Referral) error
	ListReferrals(ctx context.Context, code string) ([]*Referral, error)

	CreateOrder(ctx context.Context, o *Order) error
	ListOrders(ctx context.Context, userID int64) ([]*Order, error)
	// ListOrdersWithAddress pages through every order that has a shipping
	// address, by id.
	ListOrdersWithAddress(ctx context.Context, afterID int64, limit int) ([]*Order, error)
	// ReplaceShippingAddress swaps an order's sealed address if it is still
	// old; it reports whether it wrote.
	ReplaceShippingAddress(ctx context.Context, orderID int64, old, new []byte) (bool, error)

	// CreateAnalyticsEvent stores one page view or event and sets e.ID.
	CreateAnalyticsEvent(ctx context.Context, e *AnalyticsEvent) error
	// CountAnalyticsEvents counts the records created at or after since, by
	// kind, name and path, ordered by those (byte order), for dashboards.
	CountAnalyticsEvents(ctx context.Context, since time.Time) ([]*AnalyticsCount, error)
	// DeleteAnalyticsEventsBefore deletes the records created before before
	// and says how many it deleted.
	DeleteAnalyticsEventsBefore(ctx context.Context, before time.Time) (int64, error)

	// DeletePersonalData removes the emergency record, profile fields and
	// order shipping addresses, keeping the account and its purchases.
	DeletePersonalData(ctx context.Context, userID int64, now time.Time) error
	// DeleteAccount removes the user and everything that names them.
	DeleteAccount(ctx context.Context, userID int64) error

	PaymentStore
	AdminStore
	RateLimitStore
	CorporateStore  // corporate.go
	PrintRunStore   // batchprint.go
	TemplateStore   // template.go
	LibraryStore    // library.go
	CollectionStore // collection.go
	ReviewStore     // review.go
	OrgReportStore  // orgreport.go

	// An organisation's API keys.
	APIKeyStore // apikey.go
	// Passkeys, authenticator apps, recovery codes, sign-in steps.
	SecondFactorStore // signin.go
	// Corporate integration: codes by external id, the changes feed.
	SyncStore // codesync.go
	// Webhooks to the organisation's own systems.
	WebhookStore     // webhook.go
	IdempotencyStore // codesync.go
	// Single sign-on with an organisation's own provider.
	SSOStore // sso.go
	// Individuals' review dates and reminders.
	ReviewReminderStore // review_reminder.go
}

// AdminStore is what the admin dashboard and fulfilment need
// (docs/design/admin-corporate.md §2-§7). Lists page on the server; searches match
// part of an address or order id, or a whole id, code, status or label type.
type AdminStore interface {
	// ListAdminUsers returns a page of users, newest first, with their
	// referral counts, and how many users match in all (for a search, at
	// most SearchCountLimit+1).
	ListAdminUsers(ctx context.Context, q PageQuery) ([]*AdminUser, int64, error)
	// ListAdminUsersAfter pages through every user by id, for the export.
	ListAdminUsersAfter(ctx context.Context, afterID int64, limit int) ([]*AdminUser, error)
	CountAdminStats(ctx context.Context) (*AdminStats, error)
	// SetPrintAccess grants or revokes print access; ENOTFOUND for no user.
	SetPrintAccess(ctx context.Context, userID int64, granted bool, now time.Time) error

	// ListAdminOrders returns a page of orders, newest first, with their
	// customers' addresses, and how many match in all.
	ListAdminOrders(ctx context.Context, q PageQuery) ([]*AdminOrder, int64, error)
	// FindAdminOrder finds an order by its order id (LT-...).
	FindAdminOrder(ctx context.Context, orderID string) (*AdminOrder, error)
	// ChangeOrderStatus sets an order's status and tracking number and adds
	// the change to its history, in one transaction.
	ChangeOrderStatus(ctx context.Context, c *OrderStatusChange) error
	// ListOrderHistory returns an order's changes, oldest first.
	ListOrderHistory(ctx context.Context, orderID int64) ([]*OrderStatusChange, error)

	CreateAuditEntry(ctx context.Context, e *AuditEntry) error
	// ListAuditEntries returns a page of the log, newest first, and its size.
	ListAuditEntries(ctx context.Context, q PageQuery) ([]*AuditEntry, int64, error)
	DeleteAuditEntriesBefore(ctx context.Context, before time.Time) (int64, error)
}

// RateLimitStore keeps rate-limit counters in the database, so that every
// cloud instance on it counts together (cloud/http uses it on
// PostgreSQL). A key is an opaque hash; windows are fixed and start at
// whole multiples of their length.
type RateLimitStore interface {
	// CountRateLimit adds by to the key's count in the window starting at
	// window.
	CountRateLimit(ctx context.Context, keyHash []byte, window time.Time, by int) error
	// RateLimitCounts returns the key's counts in the windows starting at
	// current and previous, 0 for a window with none.
	RateLimitCounts(ctx context.Context, keyHash []byte, current, previous time.Time) (int, int, error)
	// ReserveRateLimit counts by in the current window only if the key's
	// sliding count stays within quota, in one atomic step across every
	// instance: its count in the previous window, weighted by
	// previousWeight, plus its count in the current one, rounded, plus by.
	// Refused (ok false), nothing is counted. used is the sliding count
	// after the reservation.
	ReserveRateLimit(ctx context.Context, keyHash []byte, current, previous time.Time, previousWeight float64,
		quota, by int) (ok bool, used int, err error)
	// ReleaseRateLimit takes back by from the key's count in window (a
	// reservation whose request did not need it), never below zero.
	ReleaseRateLimit(ctx context.Context, keyHash []byte, window time.Time, by int) error
	// DeleteRateLimitsBefore deletes the windows that started before before.
	DeleteRateLimitsBefore(ctx context.Context, before time.Time) (int64, error)
}
