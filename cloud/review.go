package cloud

import (
	"context"
	"slices"
	"time"
)

// Review cycles of the library's codes. A code is read years after its
// label was printed, and the commonest wrong detail is an old one, so each
// organisation chooses how often its workers' details are looked at again:
// a code is due for review in the last ReviewDueWindow of its period and
// overdue once the period has passed since its details were last
// confirmed (CorporateCode.ReviewedAt).

// ReviewPeriodChoices are the periods, in months, an organisation may
// choose; DefaultReviewPeriodMonths is a new organisation's, the yearly
// review medical alert services ask of their members.
var ReviewPeriodChoices = []int{6, 12, 24}

const DefaultReviewPeriodMonths = 12

// ReviewDueWindow is how long before its period ends a code is due: a
// month, time for a round of update links and their reminders to be
// answered before the code is overdue.
const ReviewDueWindow = 30 * 24 * time.Hour

// A code's review state (CodeReviewState).
const (
	CodeReviewCurrent = "current"
	CodeReviewDue     = "due"
	CodeReviewOverdue = "overdue"
)

// Review messages and Recent Activity.
const (
	MsgReviewPeriodInvalid      = "Review period must be 6, 12 or 24 months"
	MsgReviewPeriodSaved        = "Review period saved"
	MsgReviewFilterInvalid      = "review must be all, due or overdue"
	ActivityReviewPeriodChanged = "review_period_changed"
)

// ValidReviewPeriod reports whether months is a period an organisation may choose.
func ValidReviewPeriod(months int) bool { return slices.Contains(ReviewPeriodChoices, months) }

// ReviewPeriod is o's period in months (the default until it chose one).
func (o *Organization) ReviewPeriod() int {
	if ValidReviewPeriod(o.ReviewPeriodMonths) {
		return o.ReviewPeriodMonths
	}
	return DefaultReviewPeriodMonths
}

// CodeReviewCutoffs are, for a period of months at now, the review dates
// before which a code is due (overdue ones included) and overdue: the one
// rule the library's filters, its list and the dashboard's counts share.
func CodeReviewCutoffs(months int, now time.Time) (due, overdue time.Time) {
	overdue = now.AddDate(0, -months, 0)
	return overdue.Add(ReviewDueWindow), overdue
}

// CodeReviewState is a code reviewed at reviewedAt: current, due or overdue
// at now under a period of months.
func CodeReviewState(reviewedAt time.Time, months int, now time.Time) string {
	due, overdue := CodeReviewCutoffs(months, now)
	switch {
	case reviewedAt.Before(overdue):
		return CodeReviewOverdue
	case reviewedAt.Before(due):
		return CodeReviewDue
	}
	return CodeReviewCurrent
}

// A review round: an officer asks every worker whose code is due for
// review (active codes only: a leaver marked inactive is never asked) to
// confirm or correct their details. Each worker with an e-mail address on
// their record gets their own update link by mail, through the durable
// queue; the others are listed for the officer to hand links out. Silence
// is listed, never acted on: no code is deactivated by a round.

// Round limits and kinds.
const (
	// ReviewRoundBatch is how many workers one queued round job mails: the
	// round's request inserts one job per batch, in its own transaction,
	// and answers without waiting for any mail.
	ReviewRoundBatch = 200
	// ReviewRemindersMax bounds the reminders an officer may choose.
	ReviewRemindersMax = 3
	// ReviewReminderMaxDays bounds how long after the start a reminder may be.
	ReviewReminderMaxDays = 60
	JobKindReviewRound    = "review_round"
)

// Answers to a round.
const (
	ReviewAnswerConfirmed = "confirmed"
	ReviewAnswerChanged   = "changed"
)

// Round messages and Recent Activity.
const (
	MsgReviewRoundEmpty          = "No active QR code is due for review, so no round was started"
	MsgReviewRoundNotFound       = "Review round not found"
	MsgReviewRemindersInvalid    = "Reminders are 1 to 3 days after the start, each from 1 to 60 and later than the one before"
	ActivityReviewRoundStarted   = "review_round_started"
	ActivityReviewRemindersSent  = "review_reminders_sent"
	MsgReviewReminderMailSubject = "Reminder: check the emergency details on your Lifetag label"
)

// ReviewRound is one round of an organisation's review.
type ReviewRound struct {
	ID             int64
	OrganizationID int64
	// ReminderDays are the days after the start on which the workers who
	// have not answered are reminded, ascending.
	ReminderDays  []int
	RemindersSent int
	CreatedBy     int64
	CreatedAt     time.Time
	// Read with the round: how its workers stand.
	Progress ReviewProgress
}

// ReviewProgress counts a round's workers: all of them, those mailed, those
// without an address, and the answers.
type ReviewProgress struct {
	Workers, Mailed, NoEmail, Confirmed, Changed int
}

// ReviewRoundWorker is one worker of a round.
type ReviewRoundWorker struct {
	RoundID, CodeID int64
	MailedAt        time.Time
	NoEmail         bool
	Answer          string // "" until they answer
	AnsweredAt      time.Time
	// Read with the worker: their code's name and whether it is active.
	Name     string
	IsActive bool
}

// ReviewStore keeps review rounds. Every method takes the organisation.
type ReviewStore interface {
	// CreateReviewRound inserts r, and with it every active code of its
	// organisation last reviewed before dueBefore as its workers, in one
	// statement; it answers their code ids, ascending.
	CreateReviewRound(ctx context.Context, r *ReviewRound, dueBefore time.Time) ([]int64, error)
	// ListReviewRounds returns an organisation's rounds, newest first, with
	// their progress.
	ListReviewRounds(ctx context.Context, organizationID int64) ([]*ReviewRound, error)
	FindReviewRound(ctx context.Context, organizationID, id int64) (*ReviewRound, error)
	// ReviewRoundWorkers returns a round's workers, by code id, with their
	// codes' names: all of them, or only those of codeIDs when given.
	ReviewRoundWorkers(ctx context.Context, organizationID, roundID int64, codeIDs []int64) ([]*ReviewRoundWorker, error)
	// MarkReviewMailed notes that a worker was mailed at mailedAt, or has
	// no address (noEmail).
	MarkReviewMailed(ctx context.Context, roundID, codeID int64, mailedAt time.Time, noEmail bool) error
	// AnswerReview notes answer for the code in every round of its
	// organisation where it has not answered yet.
	AnswerReview(ctx context.Context, organizationID, codeID int64, answer string, now time.Time) error
	// ReviewRoundsAwaitingReminders returns every round with reminders
	// still to send, of any organisation.
	ReviewRoundsAwaitingReminders(ctx context.Context) ([]*ReviewRound, error)
	// SetRemindersSent notes how many of a round's reminders are sent.
	SetRemindersSent(ctx context.Context, roundID int64, sent int) error
}

// ReviewRoundJob mails one batch of a round's workers their update links
// (JobKindReviewRound): the round and the code ids, nothing personal.
type ReviewRoundJob struct {
	OrganizationID int64   `json:"organizationId"`
	RoundID        int64   `json:"roundId"`
	CodeIDs        []int64 `json:"codeIds"`
}

// Kind is the review round worker's.
func (ReviewRoundJob) Kind() string { return JobKindReviewRound }
