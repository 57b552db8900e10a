package emergency_test

import (
	"testing"

	"github.com/lifetag/lifetag/pkg/emergency"
)

type mailboxVector struct {
	Name  string
	Input string
	Valid bool
}

// TestMailboxVectors: the one address rule, case for case as in the
// TypeScript twin.
func TestMailboxVectors(t *testing.T) {
	for _, c := range loadVectors[mailboxVector](t, "testdata/mailbox.json") {
		t.Run(c.Name, func(t *testing.T) {
			if got := emergency.ValidMailbox(c.Input); got != c.Valid {
				t.Errorf("ValidMailbox(%+q) = %v, want %v", c.Input, got, c.Valid)
			}
		})
	}
}
