package service

import (
	"context"
	"fmt"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// An individual's record is confirmed by every save and by "My details are
// still right"; once the period they chose has passed, a reminder mail
// asks them to look again (cloud/review_reminder.go).

// ReviewState is what the account page shows of the review cycle.
type ReviewState struct {
	// ReviewedAt is when the record was last confirmed; zero without one.
	ReviewedAt time.Time
	// Months is the chosen period, or cloud.ReviewNever.
	Months int
}

// reviewState reads u's review date and chosen period.
func (s *Service) reviewState(ctx context.Context, u *cloud.User) (ReviewState, error) {
	months, err := s.store.ReviewInterval(ctx, u.ID)
	if err != nil {
		return ReviewState{}, err
	}
	state := ReviewState{Months: months}
	record, err := s.store.FindEmergencyRecord(ctx, u.ID)
	switch {
	case err == nil:
		state.ReviewedAt = record.ReviewedAt
	case cloud.ErrorCode(err) != cloud.ENOTFOUND:
		return ReviewState{}, err
	}
	return state, nil
}

// ConfirmReview is "My details are still right": the signed-in person's
// record is confirmed as of now, and nothing else about it changes.
func (s *Service) ConfirmReview(ctx context.Context, actor *cloud.User) (time.Time, error) {
	if actor == nil {
		return time.Time{}, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	now := s.now()
	err := s.store.ConfirmEmergencyRecord(ctx, actor.ID, now)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return time.Time{}, cloud.NewError(cloud.ENOTFOUND, cloud.MsgEmergencyNotFound)
	}
	return now, err
}

// SetReviewInterval sets how often the signed-in person is reminded:
// every 6 or 12 months, or never.
func (s *Service) SetReviewInterval(ctx context.Context, actor *cloud.User, months int) error {
	if actor == nil {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	if !cloud.ValidReviewInterval(months) {
		return cloud.NewError(cloud.EINVALID, cloud.MsgReviewIntervalInvalid)
	}
	return s.store.SetReviewInterval(ctx, actor.ID, months)
}

// SendReviewReminders queues a reminder for each record whose period has
// passed at now and whose owner has not been reminded of that period,
// with the reminder's row in the same transaction as its mail: a period
// is mailed about once, however often and on however many instances this
// runs. Main runs it periodically; it says how many it queued.
func (s *Service) SendReviewReminders(ctx context.Context) (int64, error) {
	return s.sendReviewReminders(ctx, s.now())
}

// SendReviewRemindersAsOf runs the reminders as if it were asOf: the
// development-only hook by which a browser journey sees a year pass.
func (s *Service) SendReviewRemindersAsOf(ctx context.Context, asOf time.Time) (int64, error) {
	if !s.development {
		return 0, cloud.NewError(cloud.ENOTFOUND, cloud.MsgNotFound)
	}
	if asOf.IsZero() {
		return 0, cloud.NewError(cloud.EINVALID, cloud.MsgReviewAsOfRequired)
	}
	return s.sendReviewReminders(ctx, asOf)
}

func (s *Service) sendReviewReminders(ctx context.Context, now time.Time) (int64, error) {
	var sent int64
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		due, err := s.store.ListReviewsDue(ctx, cloud.CutoffsAt(now), cloud.ReviewRemindersPerRun)
		if err != nil {
			return err
		}
		for _, d := range due {
			queued, err := s.queueReviewReminder(ctx, d, now)
			if err != nil {
				return err
			}
			if queued {
				sent++
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return sent, nil
}

// queueReviewReminder records d's reminder and queues its mail, unless
// another run recorded one for the same period first.
func (s *Service) queueReviewReminder(ctx context.Context, d cloud.ReviewDue, now time.Time) (bool, error) {
	confirm, confirmHash, err := newToken()
	if err != nil {
		return false, err
	}
	unsubscribe, unsubscribeHash, err := newToken()
	if err != nil {
		return false, err
	}
	reminder := &cloud.ReviewReminder{UserID: d.UserID, PeriodStart: d.ReviewedAt, SentAt: now,
		ConfirmTokenHash: confirmHash, ConfirmExpiresAt: now.Add(cloud.ReviewConfirmLinkValidity),
		UnsubscribeTokenHash: unsubscribeHash, UnsubscribeExpiresAt: now.Add(cloud.ReviewUnsubscribeLinkValidity)}
	created, err := s.store.CreateReviewReminder(ctx, reminder)
	if err != nil || !created {
		return false, err
	}
	return true, s.sendMail(ctx, mailCause("review-reminder", reminder.ID), s.reviewReminderMail(d, confirm, unsubscribe))
}

// The pages a reminder's links open (frontend/src/app/paths.ts).
const (
	reviewConfirmPage     = "/review/confirm?token="
	reviewUnsubscribePage = "/review/unsubscribe?token="
	// Editing signs nothing in: the form opens after the person signs in.
	reviewEditPage = "/login?return=%2F"
)

// ReviewUnsubscribeURL is the one-click unsubscribe address (RFC 8058)
// of a reminder's unsubscribe token: a mail program POSTs to it.
func (s *Service) ReviewUnsubscribeURL(token string) string {
	return s.baseURL + "/api/review-links/" + token + "/unsubscribe"
}

func (s *Service) reviewReminderMail(d cloud.ReviewDue, confirm, unsubscribe string) cloud.Mail {
	return cloud.Mail{
		To:      d.Email,
		Subject: cloud.MsgReviewReminderSubject,
		Text: fmt.Sprintf(reviewReminderMailText, d.ReviewedAt.UTC().Format(reviewDateLayout),
			s.baseURL+reviewConfirmPage+confirm, s.baseURL+reviewEditPage, s.baseURL+reviewUnsubscribePage+unsubscribe),
		ListUnsubscribe: s.ReviewUnsubscribeURL(unsubscribe),
	}
}

// reviewDateLayout is how a mail writes the day a record was confirmed.
const reviewDateLayout = "2 January 2006"

// reviewReminderMailText holds the links and the date, nothing medical:
// the record stays on the site, behind a sign-in.
const reviewReminderMailText = `You last confirmed the emergency details on your Lifetag code on %s.

A paramedic may read your code years after it was printed. Please take a
minute to check that your contacts, medication and allergies are still right.

If nothing has changed, confirm with one click (no sign-in needed):

%s

If something has changed, sign in and edit your details:

%s

If you change anything, print new labels: the code on an old label keeps the
old details.

You get this reminder because you have a Lifetag account with saved emergency
details. To get no more reminders, open this link:

%s
`

// ConfirmReviewByLink confirms the record of a reminder's confirm link,
// once, without a sign-in; it returns when.
func (s *Service) ConfirmReviewByLink(ctx context.Context, token string) (time.Time, error) {
	reminder, err := s.findReviewReminder(ctx, token, s.store.FindReviewReminderByConfirmToken)
	if err != nil {
		return time.Time{}, err
	}
	now := s.now()
	switch {
	case reminder.ConfirmedAt != nil:
		return time.Time{}, cloud.NewError(cloud.EGONE, cloud.MsgReviewLinkUsed)
	case !now.Before(reminder.ConfirmExpiresAt):
		return time.Time{}, cloud.NewError(cloud.EGONE, cloud.MsgReviewLinkExpired)
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		used, err := s.store.UseReviewConfirmLink(ctx, reminder.ID, now)
		if err != nil {
			return err
		}
		if !used {
			return cloud.NewError(cloud.EGONE, cloud.MsgReviewLinkUsed)
		}
		err = s.store.ConfirmEmergencyRecord(ctx, reminder.UserID, now)
		if cloud.ErrorCode(err) == cloud.ENOTFOUND {
			// Deleted since the reminder: nothing is left to confirm.
			return cloud.NewError(cloud.ENOTFOUND, cloud.MsgEmergencyNotFound)
		}
		return err
	})
	if err != nil {
		return time.Time{}, err
	}
	return now, nil
}

// UnsubscribeByLink turns a reminder's owner's reminders off, without a
// sign-in. Using the link again answers the same: mail programs may send
// the one-click request more than once (RFC 8058).
func (s *Service) UnsubscribeByLink(ctx context.Context, token string) error {
	reminder, err := s.findReviewReminder(ctx, token, s.store.FindReviewReminderByUnsubscribeToken)
	if err != nil {
		return err
	}
	if !s.now().Before(reminder.UnsubscribeExpiresAt) {
		return cloud.NewError(cloud.EGONE, cloud.MsgUnsubscribeLinkExpired)
	}
	err = s.store.SetReviewInterval(ctx, reminder.UserID, cloud.ReviewNever)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgReviewLinkInvalid)
	}
	return err
}

// findReviewReminder finds the reminder of a presented token: one never
// issued, cut short or altered is not valid.
func (s *Service) findReviewReminder(ctx context.Context, token string,
	find func(context.Context, []byte) (*cloud.ReviewReminder, error)) (*cloud.ReviewReminder, error) {
	invalid := cloud.NewError(cloud.ENOTFOUND, cloud.MsgReviewLinkInvalid)
	if token == "" || len(token) > cloud.TokenMaxBytes {
		return nil, invalid
	}
	reminder, err := find(ctx, hashToken(token))
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, invalid
	}
	return reminder, err
}
