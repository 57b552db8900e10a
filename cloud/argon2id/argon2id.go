// Package argon2id hashes passwords with Argon2id (golang.org/x/crypto/argon2)
// in the PHC string format: $argon2id$v=19$m=...,t=...,p=...$salt$hash.
package argon2id

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Params is the cost of one hash.
type Params struct {
	Time      uint32 // passes
	MemoryKiB uint32
	Threads   uint8
}

// DefaultParams follows the OWASP minimum for Argon2id (19 MiB, 2 passes).
var DefaultParams = Params{Time: 2, MemoryKiB: 19 * 1024, Threads: 1}

const (
	saltSize = 16
	keySize  = 32
)

var errMalformed = errors.New("argon2id: malformed hash")

// Hasher hashes with its Params and verifies hashes made with any params.
// At most Concurrency hashes run at once, so a burst of logins cannot take
// all memory; 0 means no bound.
type Hasher struct {
	params Params
	slots  chan struct{}
}

// New returns a Hasher.
func New(p Params, concurrency int) *Hasher {
	h := &Hasher{params: p}
	if concurrency > 0 {
		h.slots = make(chan struct{}, concurrency)
	}
	return h
}

func (h *Hasher) key(password, salt []byte, p Params) []byte {
	if h.slots != nil {
		h.slots <- struct{}{}
		defer func() { <-h.slots }()
	}
	return argon2.IDKey(password, salt, p.Time, p.MemoryKiB, p.Threads, keySize)
}

// Hash returns the PHC string of password with a new random salt.
func (h *Hasher) Hash(password string) (string, error) {
	salt := make([]byte, saltSize)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	p := h.params
	key := h.key([]byte(password), salt, p)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.MemoryKiB, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify reports whether password matches the PHC string encoded.
func (h *Hasher) Verify(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return false, errMalformed
	}
	var p Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Time, &p.Threads); err != nil {
		return false, errMalformed
	}
	// Refuse costs far above anything we write, so a planted hash cannot
	// exhaust memory.
	if p.Time == 0 || p.Time > 16 || p.MemoryKiB == 0 || p.MemoryKiB > 256*1024 || p.Threads == 0 {
		return false, errMalformed
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, errMalformed
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) != keySize {
		return false, errMalformed
	}
	got := h.key([]byte(password), salt, p)
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
