package argon2id_test

import (
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud/argon2id"
)

// fast keeps tests quick; production uses DefaultParams.
var fast = argon2id.Params{Time: 1, MemoryKiB: 64, Threads: 1}

func TestHashVerify(t *testing.T) {
	h := argon2id.New(fast, 2)
	encoded, err := h.Hash("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(encoded, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("encoded %q", encoded)
	}
	if again, _ := h.Hash("correct horse"); again == encoded {
		t.Fatal("two hashes of one password are equal: salt reused")
	}
	if ok, err := h.Verify("correct horse", encoded); !ok || err != nil {
		t.Fatalf("right password refused: %v", err)
	}
	if ok, err := h.Verify("correct horsE", encoded); ok || err != nil {
		t.Fatalf("wrong password accepted (%v)", err)
	}
	// A hash made with other params still verifies.
	other := argon2id.New(argon2id.Params{Time: 2, MemoryKiB: 128, Threads: 2}, 0)
	if ok, _ := other.Verify("correct horse", encoded); !ok {
		t.Fatal("verification depends on the hasher's own params")
	}
}

func TestMalformed(t *testing.T) {
	h := argon2id.New(fast, 0)
	for _, bad := range []string{
		"", "plain", "$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$AAAA",
		"$argon2id$v=19$m=64,t=1,p=1$!!$AAAA",
		"$argon2id$v=19$m=99999999,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$" + strings.Repeat("A", 43),
		"$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$AAAA",
	} {
		if ok, err := h.Verify("x", bad); ok || err == nil {
			t.Errorf("Verify(%q) = %v, %v; want false and an error", bad, ok, err)
		}
	}
}
