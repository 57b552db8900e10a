package service_test

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// refusingMailer refuses mail: for good (a 5xx answer) or for now.
type refusingMailer struct {
	permanent bool
	mu        sync.Mutex
	tries     int
}

func (m *refusingMailer) Send(ctx context.Context, mail cloud.Mail) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tries++
	if m.permanent {
		return fmt.Errorf("mail: send: %w: 550 5.1.1 <%s>: Recipient address rejected", cloud.ErrMailRefused, mail.To)
	}
	return errors.New("mail: send: 421 4.3.2 try again later")
}

// A permanent refusal ends the mail job at once, cancelled, its error
// without the address; a temporary one leaves it waiting for a retry.
func TestMailRefusals(t *testing.T) {
	for _, backend := range storetest.Backends {
		for _, permanent := range []bool{true, false} {
			t.Run(fmt.Sprint(backend.Name, "/permanent=", permanent), func(t *testing.T) {
				store, dump := backend.Open(t)
				mailer := &refusingMailer{permanent: permanent}
				c := testConfig(t, store, newKey(t))
				c.Mailer = mailer
				queue, start := storetest.Queue(t, store)
				c.Queue = queue
				svc, err := service.New(c)
				if err != nil {
					t.Fatal(err)
				}
				river.AddWorker(queue.Workers(), svc.MailWorker())
				start()
				storetest.MustCreateUser(t, store, "ann@example.com")
				if _, err := svc.RequestReset(context.Background(), "ann@example.com"); err != nil {
					t.Fatal(err)
				}
				want := "retryable"
				if permanent {
					want = "cancelled"
				}
				var counts []cloud.JobCount
				clienttest.Eventually(t, 10*time.Second, "the mail to be tried", func() bool {
					counts, err = queue.JobCounts(context.Background())
					return err == nil && len(counts) == 1 && counts[0].Kind == cloud.JobKindMail && counts[0].State == want
				})
				// Nothing in the queue's jobs names the address or the link
				// (SQLite's blobs are dumped in hex).
				rows := fmt.Sprint(dump(t)["river_job"])
				for _, clear := range []string{"ann@example.com", "reset-password"} {
					if strings.Contains(rows, clear) || strings.Contains(rows, hex.EncodeToString([]byte(clear))) {
						t.Errorf("the queue's jobs hold %q in clear: %s", clear, rows)
					}
				}
			})
		}
	}
}

// The default backoff tries a mail for about a day.
func TestMailRetriesLastADay(t *testing.T) {
	total := service.MailRetryTotal()
	if total < 23*time.Hour || total > 25*time.Hour {
		t.Errorf("mail retries last %v, want about a day", total)
	}
}
