package service_test

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/lifetag/lifetag/cloud/mail"
	"github.com/lifetag/lifetag/cloud/mail/smtptest"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// BenchmarkMailQueue500 asks for 500 reset links on PostgreSQL, each mail a
// job inserted with its link, and times until an SMTP server of the
// benchmark's own has received all 500 (scripts/bench/mail.sh).
func BenchmarkMailQueue500(b *testing.B) {
	const n = 500
	for range b.N {
		b.StopTimer()
		store, _ := storetest.OpenPostgres(b)
		sink := smtptest.Start(b)
		sender, err := mail.NewSMTP(mail.SMTPConfig{Host: sink.Host, Port: sink.Port, From: "no-reply@lifetag.test", TLS: mail.TLSNone})
		if err != nil {
			b.Fatal(err)
		}
		queue, err := sqldb.NewQueue(store.(*sqldb.DB), sqldb.QueueConfig{Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			b.Fatal(err)
		}
		c := testConfig(b, store, newKey(b))
		c.Mailer, c.Queue, c.Now = sender, queue, time.Now
		svc, err := service.New(c)
		if err != nil {
			b.Fatal(err)
		}
		river.AddWorker(queue.Workers(), svc.MailWorker())
		emails := make([]string, n)
		for i := range emails {
			emails[i] = fmt.Sprintf("bench%d@example.com", i)
			storetest.MustCreateUser(b, store, emails[i])
		}
		ctx := context.Background()
		if err := queue.Start(ctx); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		for _, email := range emails {
			if _, err := svc.RequestReset(ctx, email); err != nil {
				b.Fatal(err)
			}
		}
		for range n {
			<-sink.Received
		}
		b.ReportMetric(time.Since(start).Seconds(), "mail-s")
		b.StopTimer()
		queue.Stop(ctx)
	}
}
