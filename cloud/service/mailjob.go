package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/riverqueue/river"

	"github.com/lifetag/lifetag/cloud"
)

// MailArgs is a mail job: the mail sealed as medical data is (no address,
// link or text in clear in the queue), and its cause.
type MailArgs struct {
	// Cause names what the mail is about without personal data (a kind
	// and ids or a hash): one cause is mailed once, however often the
	// request that causes it is retried.
	Cause string `json:"cause" river:"unique"`
	// Sealed is the cloud.Mail as JSON, sealed (fieldMailJob, Cause).
	Sealed []byte `json:"sealed"`
}

// Kind is the mail worker's.
func (MailArgs) Kind() string { return cloud.JobKindMail }

// InsertOpts makes mail jobs unique by cause (River's default states: a
// job waiting, running or done) and tried for about a day (mailBackoff).
func (MailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: mailAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// fieldMailJob binds a sealed mail to the queue and its cause.
const fieldMailJob = "river_job.mail"

// Mail retries back off exponentially from mailRetryBase (Config's, in
// tests) to mailRetryBase*mailRetryCap, each with up to a tenth of jitter
// either way; mailAttempts makes the retries last about a day at the
// default base (TestMailRetriesLastADay).
const (
	defaultMailRetryBase = 15 * time.Second
	mailRetryCap         = 240 // 15 s × 240 = an hour
	mailAttempts         = 32
)

// mailBackoff is the wait before attempt+1, without jitter.
func mailBackoff(base time.Duration, attempt int) time.Duration {
	factor := 1 << min(attempt-1, 30)
	return base * time.Duration(min(factor, mailRetryCap))
}

// MailRetryTotal is how long a mail is tried at the default backoff,
// without jitter: from its first attempt to its last.
func MailRetryTotal() time.Duration {
	var total time.Duration
	for attempt := 1; attempt < mailAttempts; attempt++ {
		total += mailBackoff(defaultMailRetryBase, attempt)
	}
	return total
}

// MailWorker sends the mail jobs; add it to the queue's workers before the
// queue starts (river.AddWorker).
func (s *Service) MailWorker() river.Worker[MailArgs] { return &mailWorker{s: s} }

type mailWorker struct {
	river.WorkerDefaults[MailArgs]
	s *Service
}

// Work sends the mail once. The error River keeps (and the admin's job
// list shows) has no address in it; a permanent refusal ends the job.
func (w *mailWorker) Work(ctx context.Context, job *river.Job[MailArgs]) error {
	ctx, span := startJobSpan(ctx, cloud.JobKindMail, job.ID, job.Attempt)
	defer span.End()
	m, err := w.s.openMail(job.Args)
	if err != nil {
		// The key it was sealed with is gone: no attempt can succeed.
		return river.JobCancel(err)
	}
	m.MessageID = mailMessageID(job.ID, job.Args.Cause)
	err = w.s.mailer.Send(ctx, m)
	if err == nil {
		return nil
	}
	clean := errors.New(withoutAddresses(err.Error(), m.To))
	w.s.logger.ErrorContext(ctx, "mail not sent", slog.String("subject", m.Subject),
		slog.Int64("job", job.ID), slog.Int("attempt", job.Attempt), slog.String("error", clean.Error()))
	if errors.Is(err, cloud.ErrMailRefused) {
		return river.JobCancel(clean)
	}
	return clean
}

// NextRetry backs off exponentially, with jitter so that instances and
// jobs that failed together do not all come back at once.
func (w *mailWorker) NextRetry(job *river.Job[MailArgs]) time.Time {
	wait := mailBackoff(w.s.mailRetryBase, job.Attempt)
	jitter := time.Duration((rand.Float64()*0.2 - 0.1) * float64(wait))
	return time.Now().Add(wait + jitter)
}

// mailMessageID is a mail's Message-ID, the same on every attempt: the
// job's id, and a hash of its cause so ids from two databases differ.
func mailMessageID(jobID int64, cause string) string {
	sum := sha256.Sum256([]byte(cause))
	return fmt.Sprintf("mail-%d-%s@lifetag", jobID, hex.EncodeToString(sum[:6]))
}

// sealMail is the mail job for m.
func (s *Service) sealMail(cause string, m cloud.Mail) (MailArgs, error) {
	plain, err := json.Marshal(m)
	if err != nil {
		return MailArgs{}, err
	}
	sealed, err := s.sealer.Seal(plain, []byte("lifetag/"+fieldMailJob+"/"+cause))
	if err != nil {
		return MailArgs{}, fmt.Errorf("mail: seal: %w", err)
	}
	return MailArgs{Cause: cause, Sealed: sealed}, nil
}

func (s *Service) openMail(a MailArgs) (cloud.Mail, error) {
	var m cloud.Mail
	plain, err := s.sealer.Open(a.Sealed, []byte("lifetag/"+fieldMailJob+"/"+a.Cause))
	if err != nil {
		return m, fmt.Errorf("mail: open: %w", err)
	}
	return m, json.Unmarshal(plain, &m)
}
