package cloud

import (
	"context"
	"time"
)

// An individual's emergency record is read years after its label was
// printed, so the person is asked to look at it again on a cycle they
// choose: the record carries when they last confirmed it (ReviewedAt, set
// by every save and by "My details are still right"), and a reminder mail
// goes out once the period has passed, with a link that confirms in one
// click and one that stops the reminders, neither needing a sign-in.

// The reminder periods a person may choose, in months; ReviewNever asks
// for no reminders.
const (
	ReviewNever           = 0
	ReviewEverySixMonths  = 6
	ReviewEveryYear       = 12
	ReviewDefaultInterval = ReviewEveryYear
)

// ValidReviewInterval reports whether months is a period a person may choose.
func ValidReviewInterval(months int) bool {
	return months == ReviewNever || months == ReviewEverySixMonths || months == ReviewEveryYear
}

// How long a reminder's links work. The confirm link is good for a month
// of an inbox left unread; the unsubscribe link for a year, because an
// old mail's "stop these" must keep working long after it was sent.
const (
	ReviewConfirmLinkValidity     = 30 * 24 * time.Hour
	ReviewUnsubscribeLinkValidity = 365 * 24 * time.Hour
)

// ReviewRemindersPerRun bounds the reminders one run of the periodic check
// queues in one transaction; the next run takes the rest.
const ReviewRemindersPerRun = 500

// ReviewCutoffs are, for each period, the latest ReviewedAt that is due
// for a reminder at some moment.
type ReviewCutoffs struct {
	SixMonths, Year time.Time
}

// CutoffsAt are the cutoffs at now: a record confirmed on 3 March is due
// on 3 September, or on 3 March of the next year, at the same time of day.
func CutoffsAt(now time.Time) ReviewCutoffs {
	return ReviewCutoffs{SixMonths: monthsBefore(now, ReviewEverySixMonths), Year: monthsBefore(now, ReviewEveryYear)}
}

// monthsBefore is the latest time that, months later, is at or before now.
// Where the earlier month is too short for now's day (31 August, six
// months back), AddDate runs over into the month after it (3 March); every
// moment of the short month is then due, and nothing of the next.
func monthsBefore(now time.Time, months int) time.Time {
	back := now.AddDate(0, -months, 0)
	if back.Day() == now.Day() {
		return back
	}
	// A microsecond, the finest time PostgreSQL keeps.
	return time.Date(back.Year(), back.Month(), 1, 0, 0, 0, 0, back.Location()).Add(-time.Microsecond)
}

// ReviewDue is a record whose review period has passed and whose owner
// has not been reminded of that period yet.
type ReviewDue struct {
	UserID     int64
	Email      string
	ReviewedAt time.Time
}

// ReviewReminder is one reminder sent: its period and its links' hashes.
type ReviewReminder struct {
	ID                   int64
	UserID               int64
	PeriodStart          time.Time // the ReviewedAt the reminder is about
	SentAt               time.Time
	ConfirmTokenHash     []byte
	ConfirmExpiresAt     time.Time
	ConfirmedAt          *time.Time
	UnsubscribeTokenHash []byte
	UnsubscribeExpiresAt time.Time
}

// ReviewReminderStore keeps the review dates, the people's chosen periods and the
// reminders sent.
type ReviewReminderStore interface {
	// ConfirmEmergencyRecord sets the record's ReviewedAt to now and
	// changes nothing else; ENOTFOUND when the user has no record.
	ConfirmEmergencyRecord(ctx context.Context, userID int64, now time.Time) error
	// ReviewInterval is the user's chosen period in months (ReviewNever
	// for none); SetReviewInterval changes it (ENOTFOUND for no user).
	ReviewInterval(ctx context.Context, userID int64) (int, error)
	SetReviewInterval(ctx context.Context, userID int64, months int) error
	// ListReviewsDue returns up to limit active individuals' records whose
	// ReviewedAt is at or before the cutoff of their chosen period, and
	// that no reminder names as its period, by user id.
	ListReviewsDue(ctx context.Context, cutoffs ReviewCutoffs, limit int) ([]ReviewDue, error)
	// CreateReviewReminder records a reminder and sets r.ID; it reports
	// false, and writes nothing, when the user's period already has one.
	CreateReviewReminder(ctx context.Context, r *ReviewReminder) (bool, error)
	// FindReviewReminderByConfirmToken and ...ByUnsubscribeToken find a
	// reminder by one of its links' hashes; ENOTFOUND when none has it.
	FindReviewReminderByConfirmToken(ctx context.Context, tokenHash []byte) (*ReviewReminder, error)
	FindReviewReminderByUnsubscribeToken(ctx context.Context, tokenHash []byte) (*ReviewReminder, error)
	// UseReviewConfirmLink marks the reminder confirmed at now, unless it
	// was already (false): of two clicks at once, one confirms.
	UseReviewConfirmLink(ctx context.Context, reminderID int64, now time.Time) (bool, error)
}

// Review messages.
const (
	MsgReviewConfirmed        = "Thank you — your details are confirmed."
	MsgReviewUnsubscribed     = "You will get no more reminders to check your details. You can turn them on again on your account page."
	MsgReviewLinkInvalid      = "This link is not valid. Please check that you copied the whole link from the e-mail, or sign in to confirm your details."
	MsgReviewLinkUsed         = "This link has already been used: your details were confirmed then. Sign in to check or change them."
	MsgReviewLinkExpired      = "This link has expired. Please sign in to confirm your details."
	MsgUnsubscribeLinkExpired = "This link has expired. Please sign in and turn reminders off on your account page."
	MsgReviewIntervalInvalid  = "Reminders can be every 6 or 12 months, or off (0)"
	MsgReviewIntervalSaved    = "Reminder setting saved"
	MsgReviewReminderSubject  = "Are your Lifetag emergency details still right?"
	MsgReviewAsOfRequired     = "asOf is required: the moment to run the reminders at"
)
