package mail

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// Outbox is the development cloud.Mailer: it keeps every message in memory
// and, when it has a directory, writes each to a file there, logging where.
// Nothing leaves the machine.
type Outbox struct {
	dir    string
	logger *slog.Logger
	now    func() time.Time

	mu       sync.Mutex
	messages []cloud.Mail
}

var _ cloud.Mailer = (*Outbox)(nil)

// NewOutbox returns an outbox writing into dir (created 0700), or keeping
// messages in memory only when dir is empty.
func NewOutbox(dir string, logger *slog.Logger) (*Outbox, error) {
	if dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("mail: outbox: %w", err)
		}
	}
	return &Outbox{dir: dir, logger: logger, now: time.Now}, nil
}

// Send keeps m. The log line names the file, not the recipient.
func (o *Outbox) Send(ctx context.Context, m cloud.Mail) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.messages = append(o.messages, m)
	if o.dir == "" {
		return nil
	}
	name := fmt.Sprintf("%s-%04d.txt", o.now().UTC().Format("20060102T150405"), len(o.messages))
	path := filepath.Join(o.dir, name)
	content := fmt.Sprintf("To: %s\nSubject: %s\n", m.To, m.Subject)
	if m.ListUnsubscribe != "" {
		content += fmt.Sprintf("List-Unsubscribe: <%s>\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\n", m.ListUnsubscribe)
	}
	content += fmt.Sprintf("\n%s\n", m.Text)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	o.logger.Info("mail kept in the development outbox", slog.String("subject", m.Subject), slog.String("file", path))
	return nil
}

// Messages returns a copy of every message sent so far, oldest first.
func (o *Outbox) Messages() []cloud.Mail {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]cloud.Mail(nil), o.messages...)
}
