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

	CreateUser(ctx context.Context, u *User) error
	FindUserByID(ctx context.Context, id int64) (*User, error)
	FindUserByEmail(ctx context.Context, email string) (*User, error)
	// SeedAdmins makes exactly the given addresses admins, creating accounts
	// without a password for those that do not exist yet.
	SeedAdmins(ctx context.Context, emails []string, now time.Time) error
	// SetReferralCode sets a code on a user that has none; ECONFLICT if the
	// code is taken.
	SetReferralCode(ctx context.Context, userID int64, code string, now time.Time) error

	// SetResetToken stores the hash of a single-use password token.
	SetResetToken(ctx context.Context, userID int64, tokenHash []byte, expiresAt time.Time) error
	// UsePasswordToken consumes an unexpired token and sets the password hash
	// in one transaction, ending every session of the user. A non-empty email
	// must also match. ENOTFOUND when no such live token exists.
	UsePasswordToken(ctx context.Context, tokenHash []byte, email, passwordHash string, now time.Time) (*User, error)
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
	DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error)

	// PutEmergencyRecord inserts or replaces the user's record.
	PutEmergencyRecord(ctx context.Context, r *EmergencyRecord) error
	FindEmergencyRecord(ctx context.Context, userID int64) (*EmergencyRecord, error)

	// ListEmergencyRecords pages through every record by user id, for
	// re-sealing after a key rotation.
	ListEmergencyRecords(ctx context.Context, afterUserID int64, limit int) ([]*EmergencyRecord, error)
	// ReplaceEmergencyRecord writes r only if the stored record still has
	// the given updated_at (a newer write wins); it reports whether it wrote.
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
	CorporateStore // corporate.go
}
