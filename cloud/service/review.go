package service

// Review dates of the library's codes: when a code's details were last
// confirmed. Every save of a record sets the date (library.go, codesync.go);
// these confirm the details as they are, changing nothing else, so the
// officer and any HR system reading the changes feed or the webhooks see
// that someone looked again.

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// ConfirmCode is an officer's "details still right" for one code of their
// organisation, after checking with the worker.
func (s *Service) ConfirmCode(ctx context.Context, actor *cloud.User, orgID, codeID int64) (*cloud.CorporateCode, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	return s.confirmCode(ctx, org.ID, codeID)
}

// confirmCode sets the code's review date to now and reads it back.
func (s *Service) confirmCode(ctx context.Context, orgID, codeID int64) (*cloud.CorporateCode, error) {
	now := s.now()
	err := s.store.ConfirmCode(ctx, orgID, codeID, now, &cloud.Activity{OrganizationID: orgID,
		Kind: cloud.ActivityCodeConfirmed, Detail: fmt.Sprintf("code %d", codeID), CreatedAt: now})
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgCodeNotFound)
	} else if err != nil {
		return nil, err
	}
	// A review round waiting on this worker counts the answer at once.
	if err := s.store.AnswerReview(ctx, orgID, codeID, cloud.ReviewAnswerConfirmed, now); err != nil {
		return nil, err
	}
	return s.findCode(ctx, orgID, codeID)
}

// ConfirmCollection is POST /api/collect/{token}/confirm: a worker's "my
// details are still right" through their update link. It uses the link up
// as a submission does (claimed first, taken back if the code cannot be
// written), and returns the thank-you message.
func (s *Service) ConfirmCollection(ctx context.Context, token string) (string, error) {
	link, org, err := s.workerLink(ctx, token)
	if err != nil {
		return "", err
	}
	if !link.IsUpdateLink() {
		return "", cloud.NewError(cloud.EINVALID, cloud.MsgCollectConfirmOnlyUpdate)
	}
	claimed, err := s.store.ClaimCollectionSubmission(ctx, link.ID, s.now())
	if err != nil {
		return "", err
	}
	if !claimed {
		return "", s.unclaimed(ctx, link)
	}
	if _, err := s.confirmCode(ctx, org.ID, link.CodeID); err != nil {
		if releaseErr := s.store.ReleaseCollectionSubmission(ctx, link.ID); releaseErr != nil {
			s.logger.Error("collection confirmation not released", slog.Int64("link", link.ID), slog.String("error", releaseErr.Error()))
		}
		return "", err
	}
	return fmt.Sprintf(cloud.MsgCollectConfirmed, org.Name), nil
}

// Review rounds (cloud/review.go).

func viewRound(r *cloud.ReviewRound) api.ReviewRound {
	p := r.Progress
	days := r.ReminderDays
	if days == nil {
		days = []int{}
	}
	return api.ReviewRound{ID: r.ID, CreatedAt: r.CreatedAt, ReminderDays: days, RemindersSent: r.RemindersSent,
		Workers: p.Workers, Mailed: p.Mailed, NoEmail: p.NoEmail, Confirmed: p.Confirmed, Changed: p.Changed,
		NoAnswer: p.Workers - p.Confirmed - p.Changed}
}

// validReminderDays: at most ReviewRemindersMax days, each within
// ReviewReminderMaxDays, ascending.
func validReminderDays(days []int) bool {
	if len(days) > cloud.ReviewRemindersMax {
		return false
	}
	for i, d := range days {
		if d < 1 || d > cloud.ReviewReminderMaxDays || i > 0 && d <= days[i-1] {
			return false
		}
	}
	return true
}

// StartReviewRound starts a round for every active code due for review:
// the round, its workers and the jobs that mail them (one per
// cloud.ReviewRoundBatch workers) are written in one transaction, and the
// answer comes back without waiting for any mail.
func (s *Service) StartReviewRound(ctx context.Context, actor *cloud.User, orgID int64, req api.ReviewRoundRequest) (*api.ReviewRound, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	if err := s.mayCreate(ctx, org); err != nil { // it mails
		return nil, err
	}
	if !validReminderDays(req.ReminderDays) {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgReviewRemindersInvalid)
	}
	now := s.now()
	due, _ := cloud.CodeReviewCutoffs(org.ReviewPeriod(), now)
	round := &cloud.ReviewRound{OrganizationID: org.ID, ReminderDays: req.ReminderDays, CreatedBy: actor.ID, CreatedAt: now}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		ids, err := s.store.CreateReviewRound(ctx, round, due)
		if err != nil {
			return err
		}
		if len(ids) == 0 {
			return cloud.NewError(cloud.ECONFLICT, cloud.MsgReviewRoundEmpty)
		}
		for start := 0; start < len(ids); start += cloud.ReviewRoundBatch {
			batch := ids[start:min(start+cloud.ReviewRoundBatch, len(ids))]
			if err := s.queue.InsertJob(ctx, cloud.ReviewRoundJob{OrganizationID: org.ID, RoundID: round.ID,
				CodeIDs: batch}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.addActivity(ctx, org.ID, cloud.ActivityReviewRoundStarted, fmt.Sprintf("round %d", round.ID))
	stored, err := s.store.FindReviewRound(ctx, org.ID, round.ID)
	if err != nil {
		return nil, err
	}
	v := viewRound(stored)
	return &v, nil
}

// ReviewRounds lists an organisation's rounds, newest first.
func (s *Service) ReviewRounds(ctx context.Context, actor *cloud.User, orgID int64) ([]api.ReviewRound, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	rounds, err := s.store.ListReviewRounds(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	out := []api.ReviewRound{}
	for _, r := range rounds {
		out = append(out, viewRound(r))
	}
	return out, nil
}

// ReviewRoundDetail is one round with each worker's standing: the officer's
// list of who has not answered (never acted on by itself).
func (s *Service) ReviewRoundDetail(ctx context.Context, actor *cloud.User, orgID, roundID int64) (*api.ReviewRoundDetail, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	round, err := s.findRound(ctx, org.ID, roundID)
	if err != nil {
		return nil, err
	}
	workers, err := s.store.ReviewRoundWorkers(ctx, org.ID, round.ID, nil)
	if err != nil {
		return nil, err
	}
	d := &api.ReviewRoundDetail{Round: viewRound(round), Workers: []api.ReviewRoundWorker{}}
	for _, w := range workers {
		d.Workers = append(d.Workers, api.ReviewRoundWorker{CodeID: w.CodeID, Name: w.Name, IsActive: w.IsActive,
			Mailed: !w.MailedAt.IsZero(), NoEmail: w.NoEmail, Answer: api.ReviewRoundWorkerAnswer(w.Answer)})
	}
	return d, nil
}

func (s *Service) findRound(ctx context.Context, orgID, roundID int64) (*cloud.ReviewRound, error) {
	r, err := s.store.FindReviewRound(ctx, orgID, roundID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgReviewRoundNotFound)
	}
	return r, err
}

// HandOutReviewLinks makes an update link for each of a round's workers
// who has no e-mail address and has not answered (active codes only), for
// the officer to hand out; the links are shown this once.
func (s *Service) HandOutReviewLinks(ctx context.Context, actor *cloud.User, orgID, roundID int64) ([]api.ReviewHandOutLink, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return nil, err
	}
	round, err := s.findRound(ctx, org.ID, roundID)
	if err != nil {
		return nil, err
	}
	workers, err := s.store.ReviewRoundWorkers(ctx, org.ID, round.ID, nil)
	if err != nil {
		return nil, err
	}
	out := []api.ReviewHandOutLink{}
	for _, w := range workers {
		if !w.NoEmail || w.Answer != "" || !w.IsActive {
			continue
		}
		code, err := s.findCode(ctx, org.ID, w.CodeID)
		if err != nil {
			return nil, err
		}
		v, err := s.sendUpdateLink(ctx, org, code, "", actor.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, api.ReviewHandOutLink{CodeID: w.CodeID, Name: w.Name, URL: v.URL,
			ExpiresAt: *v.ExpiresAt})
	}
	return out, nil
}

// ReviewRoundWorker mails the round jobs; add it to the queue's workers
// before the queue starts (river.AddWorker).
func (s *Service) ReviewRoundWorker() river.Worker[cloud.ReviewRoundJob] {
	return &reviewRoundWorker{s: s}
}

type reviewRoundWorker struct {
	river.WorkerDefaults[cloud.ReviewRoundJob]
	s *Service
}

// Work mails each worker of the batch who has not been mailed yet their
// own update link (a worker mailed by an earlier attempt is not mailed
// again); one without an address is noted for the officer's list.
func (w *reviewRoundWorker) Work(ctx context.Context, job *river.Job[cloud.ReviewRoundJob]) error {
	ctx, span := startJobSpan(ctx, cloud.JobKindReviewRound, job.ID, job.Attempt)
	defer span.End()
	return w.s.mailReviewBatch(ctx, job.Args, 0)
}

// mailReviewBatch mails a batch of a round's workers: the first mail
// (reminder 0) to those not mailed yet, or reminder n to those mailed who
// have not answered. Inactive codes are never mailed.
func (s *Service) mailReviewBatch(ctx context.Context, args cloud.ReviewRoundJob, reminder int) error {
	org, err := s.store.FindOrganization(ctx, args.OrganizationID)
	if err != nil {
		return err
	}
	round, err := s.store.FindReviewRound(ctx, org.ID, args.RoundID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil // deleted with its organisation
	} else if err != nil {
		return err
	}
	workers, err := s.store.ReviewRoundWorkers(ctx, org.ID, round.ID, args.CodeIDs)
	if err != nil {
		return err
	}
	for _, rw := range workers {
		switch {
		case !rw.IsActive, rw.Answer != "":
			continue
		case reminder == 0 && (!rw.MailedAt.IsZero() || rw.NoEmail):
			continue
		case reminder > 0 && rw.MailedAt.IsZero():
			continue
		}
		code, err := s.findCode(ctx, org.ID, rw.CodeID)
		if cloud.ErrorCode(err) == cloud.ENOTFOUND {
			continue // deleted since
		} else if err != nil {
			return err
		}
		record, err := s.openCodeRecord(code)
		if err != nil {
			return err
		}
		email := recordEmail(record)
		err = s.store.InTx(ctx, func(ctx context.Context) error {
			if email == "" {
				return s.store.MarkReviewMailed(ctx, round.ID, code.ID, time.Time{}, true)
			}
			if err := s.mailReviewLink(ctx, org, round, code, email, reminder); err != nil {
				return err
			}
			return s.store.MarkReviewMailed(ctx, round.ID, code.ID, s.now(), false)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// mailReviewLink makes a worker's update link and queues its mail, the
// first (reminder 0) or a reminder: each is its own cause, so a job run
// twice mails once.
func (s *Service) mailReviewLink(ctx context.Context, org *cloud.Organization, round *cloud.ReviewRound, code *cloud.CorporateCode, email string, reminder int) error {
	now := s.now()
	link := &cloud.CollectionLink{OrganizationID: org.ID, CodeID: code.ID,
		ExpiresAt: now.Add(cloud.UpdateLinkValidity), CreatedBy: round.CreatedBy, CreatedAt: now}
	v, err := s.createLink(ctx, link, cloud.ActivityUpdateLinkSent, fmt.Sprintf("code %d", code.ID))
	if err != nil {
		return err
	}
	subject := cloud.MsgUpdateLinkMailSubject
	if reminder > 0 {
		subject = cloud.MsgReviewReminderMailSubject
	}
	return s.sendMail(ctx, mailCause("review-round", round.ID, code.ID, reminder), cloud.Mail{To: email, Subject: subject,
		Text: fmt.Sprintf(updateLinkMailText, quoted(org.Name), v.URL, int(cloud.UpdateLinkValidity.Hours()))})
}

// SendDueReviewReminders sends every round's reminders that are due at
// now: to each worker mailed who has not answered and whose code is still
// active, a fresh update link (the first has expired by then). It answers
// how many rounds it reminded. The cloud runs it on a timer; tests call it
// after moving their clock.
func (s *Service) SendDueReviewReminders(ctx context.Context) (int, error) {
	rounds, err := s.store.ReviewRoundsAwaitingReminders(ctx)
	if err != nil {
		return 0, err
	}
	now, reminded := s.now(), 0
	for _, r := range rounds {
		next := r.RemindersSent // 0-based index of the next reminder
		if now.Before(r.CreatedAt.Add(time.Duration(r.ReminderDays[next]) * 24 * time.Hour)) {
			continue
		}
		if err := s.mailReviewBatch(ctx, cloud.ReviewRoundJob{OrganizationID: r.OrganizationID, RoundID: r.ID},
			next+1); err != nil {
			return reminded, err
		}
		// Reminders missed while the cloud was down are not sent one after
		// another: the round moves past every day already gone.
		sent := next + 1
		for sent < len(r.ReminderDays) && !now.Before(r.CreatedAt.Add(time.Duration(r.ReminderDays[sent])*24*time.Hour)) {
			sent++
		}
		if err := s.store.SetRemindersSent(ctx, r.ID, sent); err != nil {
			return reminded, err
		}
		s.addActivity(ctx, r.OrganizationID, cloud.ActivityReviewRemindersSent, fmt.Sprintf("round %d", r.ID))
		reminded++
	}
	return reminded, nil
}
