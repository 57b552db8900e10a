package mail_test

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/mail"
	"github.com/lifetag/lifetag/cloud/mail/smtptest"
)

func TestSMTP(t *testing.T) {
	sink := smtptest.Start(t)
	sender, err := mail.NewSMTP(mail.SMTPConfig{Host: sink.Host, Port: sink.Port, From: "Lifetag <no-reply@lifetag.test>", TLS: mail.TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = sender.Send(ctx, cloud.Mail{To: "ann@example.com", Subject: "Reset your password", Text: "Open https://lifetag.test/reset-password?token=abc"})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-sink.Received:
		if m.From != "no-reply@lifetag.test" || len(m.To) != 1 || m.To[0] != "ann@example.com" {
			t.Fatalf("envelope %q %q", m.From, m.To)
		}
		if m.Header("Subject") != "Reset your password" || m.Header("To") != "<ann@example.com>" ||
			strings.TrimSpace(m.Text()) != "Open https://lifetag.test/reset-password?token=abc" {
			t.Fatalf("data %q", m.Data)
		}
	case <-ctx.Done():
		t.Fatal("no message reached the sink")
	}
}

// A mail the person can turn off names its one-click unsubscribe address
// (RFC 2369, RFC 8058); the mails a person asked for name none.
func TestSMTPListUnsubscribe(t *testing.T) {
	sink := smtptest.Start(t)
	sender, err := mail.NewSMTP(mail.SMTPConfig{Host: sink.Host, Port: sink.Port, From: "Lifetag <no-reply@lifetag.test>", TLS: mail.TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, unsubscribe := range []string{"https://lifetag.test/api/review-links/abc/unsubscribe", ""} {
		err = sender.Send(ctx, cloud.Mail{To: "ann@example.com", Subject: "Reminder", Text: "Hello", ListUnsubscribe: unsubscribe})
		if err != nil {
			t.Fatal(err)
		}
		select {
		case m := <-sink.Received:
			wantLink, wantPost := "", ""
			if unsubscribe != "" {
				wantLink, wantPost = "<"+unsubscribe+">", "List-Unsubscribe=One-Click"
			}
			if m.Header("List-Unsubscribe") != wantLink || m.Header("List-Unsubscribe-Post") != wantPost {
				t.Fatalf("List-Unsubscribe %q, List-Unsubscribe-Post %q; want %q and %q",
					m.Header("List-Unsubscribe"), m.Header("List-Unsubscribe-Post"), wantLink, wantPost)
			}
		case <-ctx.Done():
			t.Fatal("no message reached the sink")
		}
	}
}

func TestSMTPConfig(t *testing.T) {
	for name, c := range map[string]mail.SMTPConfig{
		"ErrNoHost": {From: "a@b.test"},
		"ErrNoFrom": {Host: "smtp.test"},
		"ErrBadTLS": {Host: "smtp.test", From: "a@b.test", TLS: "sometimes"},
	} {
		if _, err := mail.NewSMTP(c); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestOutbox(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	outbox, err := mail.NewOutbox(dir, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	m := cloud.Mail{To: "ann@example.com", Subject: "Hello", Text: "Body"}
	if err := outbox.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if got := outbox.Messages(); len(got) != 1 || got[0] != m {
		t.Fatalf("messages %+v", got)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 1 {
		t.Fatalf("files %v", files)
	}
	content, _ := os.ReadFile(files[0])
	if string(content) != "To: ann@example.com\nSubject: Hello\n\nBody\n" {
		t.Fatalf("file %q", content)
	}
	if info, _ := os.Stat(files[0]); info.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", info.Mode())
	}
}

// TestSMTPAcceptedThenDropped: a server that accepts the message and then
// drops the connection (before RSET and QUIT) has the mail; Send reports
// it sent, so that the queue does not send it a second time.
func TestSMTPAcceptedThenDropped(t *testing.T) {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	accepted := make(chan string, 1)
	go func() {
		conn, err := listener.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		r := bufio.NewReader(conn)
		fmt.Fprint(conn, "220 localhost ESMTP\r\n")
		var data strings.Builder
		inData := false
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			switch {
			case inData && line == ".\r\n":
				fmt.Fprint(conn, "250 2.0.0 queued\r\n")
				accepted <- data.String()
				return // the connection drops before RSET
			case inData:
				data.WriteString(line)
			case strings.HasPrefix(line, "EHLO"):
				fmt.Fprint(conn, "250-localhost\r\n250 8BITMIME\r\n")
			case strings.HasPrefix(line, "DATA"):
				inData = true
				fmt.Fprint(conn, "354 go ahead\r\n")
			default:
				fmt.Fprint(conn, "250 OK\r\n")
			}
		}
	}()
	port := listener.Addr().(*net.TCPAddr).Port
	sender, err := mail.NewSMTP(mail.SMTPConfig{Host: "127.0.0.1", Port: port, From: "Lifetag <no-reply@lifetag.test>", TLS: mail.TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := sender.Send(ctx, cloud.Mail{To: "ann@example.com", Subject: "Reset your password", Text: "Open the link"}); err != nil {
		t.Fatalf("a message the server accepted is reported unsent (the queue would send it again): %v", err)
	}
	if data := <-accepted; !strings.Contains(data, "Reset your password") {
		t.Fatalf("the server received %q", data)
	}
}
