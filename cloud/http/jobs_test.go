package http_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// awayMailer is a mail server that refuses for now, quoting the address.
type awayMailer struct{}

func (awayMailer) Send(_ context.Context, m cloud.Mail) error {
	return errors.New("mail: send: 421 4.3.0 <" + m.To + ">: try again later")
}

// TestAdminJobs: the site admin sees a mail waiting for a retry (kind,
// state, attempts, its error without the address; nothing it carries),
// runs it again and discards it, each audited; /api/ready stays 200.
func TestAdminJobs(t *testing.T) {
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			// Each failure waits an hour for its retry: the job is seen
			// waiting (retryable), not tried again at once.
			e := newEnv(t, backend, envOptions{mailer: awayMailer{}, mailRetryBase: time.Hour})
			e.createAdmin("admin@example.com", "admin-password")
			admin := e.login("admin@example.com", "admin-password")
			e.createUser("ann@example.com", "ann-password")
			wantStatus(t, e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "ann@example.com"}), 200, "")
			var list response
			var job map[string]any
			waitingForRetry := func() bool {
				list = e.do("GET", "/api/admin/jobs", admin, nil)
				jobs, _ := list.JSON()["jobs"].([]any)
				if list.Status != 200 || len(jobs) != 1 {
					t.Fatalf("jobs: %d %s", list.Status, list.Body)
				}
				job = jobs[0].(map[string]any)
				return job["state"] == "retryable"
			}
			clienttest.Eventually(t, 10*time.Second, "the mail to wait for a retry", waitingForRetry)
			wantStatus(t, e.do("GET", "/api/ready", "", nil), 200, "")
			if job["kind"] != cloud.JobKindMail || job["attempts"].(float64) < 1 ||
				!strings.Contains(job["lastError"].(string), "<address>") {
				t.Errorf("job %v", job)
			}
			if strings.Contains(string(list.Body), "ann@example.com") || strings.Contains(string(list.Body), "token") {
				t.Errorf("the list shows what the mail carries: %s", list.Body)
			}
			id := int64(job["id"].(float64))
			retried := e.do("POST", fmt.Sprintf("/api/admin/jobs/%d/retry", id), admin, nil)
			if retried.Status != 200 || retried.JSON()["state"] != "available" {
				t.Errorf("retry: %d %s", retried.Status, retried.Body)
			}
			clienttest.Eventually(t, 10*time.Second, "the mail to wait for a retry again", waitingForRetry)
			discarded := e.do("POST", fmt.Sprintf("/api/admin/jobs/%d/discard", id), admin, nil)
			if discarded.Status != 200 || discarded.JSON()["state"] != "cancelled" {
				t.Errorf("discard: %d %s", discarded.Status, discarded.Body)
			}
			wantStatus(t, e.do("POST", fmt.Sprintf("/api/admin/jobs/%d/discard", id), admin, nil), 409, cloud.MsgJobBusy)
			log := string(e.do("GET", "/api/admin/audit-log", admin, nil).Body)
			for _, action := range []string{cloud.AuditJobRetried, cloud.AuditJobDiscarded} {
				if !strings.Contains(log, action) || !strings.Contains(log, fmt.Sprintf("mail #%d", id)) {
					t.Errorf("audit log without %s: %s", action, log)
				}
			}
		})
	}
}
