// Package cloud holds Lifetag's domain: the types the cloud stores, the
// interfaces its parts implement, and the error codes and messages they share.
// Implementations live in packages named after what they wrap (sqldb, http,
// stripe, mail, aesgcm, argon2id); service holds the use cases.
package cloud

import (
	"errors"
	"fmt"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
)

// Error codes. The HTTP layer maps each to one status code.
const (
	EINVALID      = "invalid"      // the request is malformed or fails validation
	EUNAUTHORIZED = "unauthorized" // no valid session, or wrong credentials
	EFORBIDDEN    = "forbidden"    // signed in, but not allowed
	ENOTFOUND     = "not_found"
	ECONFLICT     = "conflict"
	ETOOMANY      = "too_many_requests"
	EGONE         = "gone"        // existed, but no longer usable (a revoked, expired or used link)
	EUNAVAILABLE  = "unavailable" // the database cannot be reached for now (a restart, a failover): try again
	EINTERNAL     = "internal"
)

// Error is an error meant for the user: a code and a message safe to show.
// Fields lists every problem when Code is EINVALID for a record;
// RetryAfter, when Code is ETOOMANY, how long until trying again can pass.
// Reason, when set, tells a program what to do about it (Reason...).
type Error struct {
	Code       string
	Message    string
	Fields     emergency.Errors
	RetryAfter time.Duration
	Reason     string
}

// Reasons an error answer names for a program to act on.
const (
	// ReasonFreshProofRequired: the change needs the person to prove who
	// they are again (POST /api/account/confirm-identity), then to retry.
	ReasonFreshProofRequired = "fresh-proof-required"
)

func (e *Error) Error() string {
	return fmt.Sprintf("lifetag error: code=%s message=%s", e.Code, e.Message)
}

// Errorf returns an *Error with the given code and formatted message.
func Errorf(code string, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of an *Error in err's chain, or EINTERNAL.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the user-facing message of err. Internal errors never
// show their text.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return MsgInternal
}

// NewError returns an *Error with the given code and message.
func NewError(code, message string) *Error {
	return &Error{Code: code, Message: message}
}

// TooMany returns an ETOOMANY *Error: a limit refused the request, and
// trying again after retryAfter can pass it.
func TooMany(message string, retryAfter time.Duration) *Error {
	return &Error{Code: ETOOMANY, Message: message, RetryAfter: retryAfter}
}
