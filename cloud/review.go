package cloud

import (
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

// A code's review state (ReviewState).
const (
	ReviewCurrent = "current"
	ReviewDue     = "due"
	ReviewOverdue = "overdue"
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

// ReviewCutoffs are, for a period of months at now, the review dates
// before which a code is due (overdue ones included) and overdue: the one
// rule the library's filters, its list and the dashboard's counts share.
func ReviewCutoffs(months int, now time.Time) (due, overdue time.Time) {
	overdue = now.AddDate(0, -months, 0)
	return overdue.Add(ReviewDueWindow), overdue
}

// ReviewState is a code reviewed at reviewedAt: current, due or overdue
// at now under a period of months.
func ReviewState(reviewedAt time.Time, months int, now time.Time) string {
	due, overdue := ReviewCutoffs(months, now)
	switch {
	case reviewedAt.Before(overdue):
		return ReviewOverdue
	case reviewedAt.Before(due):
		return ReviewDue
	}
	return ReviewCurrent
}
