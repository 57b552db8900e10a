package service

import (
	"context"
	"fmt"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// Jobs lists the waiting and failed background jobs for the site admin:
// kinds, states, attempts, errors without addresses, times; nothing of
// what a job carries.
func (s *Service) Jobs(ctx context.Context, actor *cloud.User) ([]api.AdminJob, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	jobs, err := s.jobAdmin.ListJobs(ctx, cloud.AdminJobsLimit)
	if err != nil {
		return nil, err
	}
	out := make([]api.AdminJob, len(jobs))
	for i, j := range jobs {
		out[i] = viewJob(j)
	}
	return out, nil
}

// RetryJob runs a job again now, audited.
func (s *Service) RetryJob(ctx context.Context, actor *cloud.User, id int64) (*api.AdminJob, error) {
	return s.changeJob(ctx, actor, id, cloud.AuditJobRetried, s.jobAdmin.RetryJob)
}

// DiscardJob ends a waiting job, audited.
func (s *Service) DiscardJob(ctx context.Context, actor *cloud.User, id int64) (*api.AdminJob, error) {
	return s.changeJob(ctx, actor, id, cloud.AuditJobDiscarded, s.jobAdmin.DiscardJob)
}

func (s *Service) changeJob(ctx context.Context, actor *cloud.User, id int64, action string,
	change func(context.Context, int64) (*cloud.Job, error)) (*api.AdminJob, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	job, err := change(ctx, id)
	if err != nil {
		return nil, err
	}
	s.audit(ctx, actor, action, 0, fmt.Sprintf("%s #%d", job.Kind, job.ID))
	view := viewJob(*job)
	return &view, nil
}

func viewJob(j cloud.Job) api.AdminJob {
	return api.AdminJob{ID: j.ID, Kind: j.Kind, State: api.AdminJobState(j.State), Attempts: j.Attempts,
		MaxAttempts: j.MaxAttempts, LastError: truncate(withoutAddresses(j.LastError, ""), 2000),
		CreatedAt: j.CreatedAt, ScheduledAt: j.ScheduledAt, AttemptedAt: j.AttemptedAt, FinalizedAt: j.FinalizedAt}
}

// truncate keeps at most n bytes of text, cut at a character.
func truncate(text string, n int) string {
	if len(text) <= n {
		return text
	}
	for n > 0 && text[n]&0xC0 == 0x80 {
		n--
	}
	return text[:n]
}

// JobStats counts the queue's jobs by kind and state, for metrics; nil
// when the queue cannot count (sqldb's Queue can).
func (s *Service) JobStats() cloud.JobStats { return s.jobStats }

func jobStatsOf(q cloud.JobQueue) cloud.JobStats {
	stats, _ := q.(cloud.JobStats)
	return stats
}
