// Package aesgcm seals data at rest with AES-256-GCM (cloud.Sealer).
//
// A sealed value is: version byte (1) | key id (4 bytes) | nonce (12) |
// ciphertext and tag. The key id is the start of the key's SHA-256, so a
// value names the key that opens it and keys can be rotated: seal with the
// current key, open with the current or any previous key.
package aesgcm

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"strings"
)

const (
	version   = 1
	keyIDSize = 4
	KeySize   = 32
)

// ErrOpen is returned for a value that does not open: damaged, sealed for a
// different place, or sealed with a key we do not hold.
var ErrOpen = errors.New("aesgcm: cannot open sealed value")

type key struct {
	id   [keyIDSize]byte
	aead cipher.AEAD
	// mac keys fingerprints; derived from the data key so that it is never
	// the AES key itself.
	mac []byte
}

// fingerprintLabel derives the fingerprint key from a data key.
const fingerprintLabel = "lifetag/fingerprint/v1"

// Cipher seals with its current key and opens with any key it holds.
type Cipher struct {
	current key
	byID    map[[keyIDSize]byte]key
}

// New returns a Cipher sealing with current and also opening values sealed
// with any of previous. Each key is 32 bytes.
func New(current []byte, previous ...[]byte) (*Cipher, error) {
	c := &Cipher{byID: map[[keyIDSize]byte]key{}}
	for i, raw := range append([][]byte{current}, previous...) {
		if len(raw) != KeySize {
			return nil, fmt.Errorf("aesgcm: a key must be %d bytes, got %d", KeySize, len(raw))
		}
		block, err := aes.NewCipher(raw)
		if err != nil {
			return nil, err
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(raw)
		derive := hmac.New(sha256.New, raw)
		derive.Write([]byte(fingerprintLabel))
		k := key{aead: aead, mac: derive.Sum(nil)}
		copy(k.id[:], sum[:keyIDSize])
		if i == 0 {
			c.current = k
		}
		if _, dup := c.byID[k.id]; !dup {
			c.byID[k.id] = k
		}
	}
	return c, nil
}

// Seal encrypts plaintext bound to aad.
func (c *Cipher) Seal(plaintext, aad []byte) ([]byte, error) {
	nonceSize := c.current.aead.NonceSize()
	out := make([]byte, 1+keyIDSize+nonceSize, 1+keyIDSize+nonceSize+len(plaintext)+c.current.aead.Overhead())
	out[0] = version
	copy(out[1:], c.current.id[:])
	nonce := out[1+keyIDSize:]
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return c.current.aead.Seal(out, nonce, plaintext, aad), nil
}

// Open decrypts a value sealed by Seal with the same aad.
func (c *Cipher) Open(sealed, aad []byte) ([]byte, error) {
	if len(sealed) < 1+keyIDSize || sealed[0] != version {
		return nil, ErrOpen
	}
	var id [keyIDSize]byte
	copy(id[:], sealed[1:])
	k, ok := c.byID[id]
	if !ok {
		return nil, ErrOpen
	}
	nonceSize := k.aead.NonceSize()
	rest := sealed[1+keyIDSize:]
	if len(rest) < nonceSize+k.aead.Overhead() {
		return nil, ErrOpen
	}
	plaintext, err := k.aead.Open(nil, rest[:nonceSize], rest[nonceSize:], aad)
	if err != nil {
		return nil, ErrOpen
	}
	return plaintext, nil
}

// SealedWithCurrent reports whether sealed names the current key; values
// that do not are re-sealed when next written.
func (c *Cipher) SealedWithCurrent(sealed []byte) bool {
	return len(sealed) >= 1+keyIDSize && bytes.Equal(sealed[1:1+keyIDSize], c.current.id[:])
}

// Fingerprint is a keyed hash of data: key id (4 bytes) | HMAC-SHA256 under
// a key derived from the current data key. It lets the cloud recognise data
// it no longer keeps (the identity locked after payment) without keeping it.
func (c *Cipher) Fingerprint(data []byte) []byte {
	return fingerprint(c.current, data)
}

func fingerprint(k key, data []byte) []byte {
	mac := hmac.New(sha256.New, k.mac)
	mac.Write(data)
	return mac.Sum(append(k.id[:0:0], k.id[:]...))
}

// MatchesFingerprint reports whether fp is data's fingerprint under the key
// it names (the current one or a previous one).
func (c *Cipher) MatchesFingerprint(data, fp []byte) bool {
	if len(fp) != keyIDSize+sha256.Size {
		return false
	}
	var id [keyIDSize]byte
	copy(id[:], fp)
	k, ok := c.byID[id]
	return ok && hmac.Equal(fingerprint(k, data), fp)
}

// GenerateKey returns a new random key in the text form ParseKey reads.
func GenerateKey() (string, error) {
	raw := make([]byte, KeySize)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(raw), nil
}

// ParseKey reads a key written as standard base64 of 32 bytes (as
// `openssl rand -base64 32` prints).
func ParseKey(text string) ([]byte, error) {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(text))
	if err != nil || len(raw) != KeySize {
		return nil, fmt.Errorf("aesgcm: a key must be base64 of %d bytes (openssl rand -base64 32)", KeySize)
	}
	return raw, nil
}

// LoadOrCreateKeyFile reads the key in path, first writing a new one there
// (mode 0600) when the file does not exist. For development only.
func LoadOrCreateKeyFile(path string) ([]byte, error) {
	text, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		generated, err := GenerateKey()
		if err != nil {
			return nil, err
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return nil, fmt.Errorf("aesgcm: create key file: %w", err)
		}
		if _, err := f.WriteString(generated + "\n"); err != nil {
			f.Close()
			return nil, err
		}
		if err := f.Close(); err != nil {
			return nil, err
		}
		return ParseKey(generated)
	} else if err != nil {
		return nil, fmt.Errorf("aesgcm: read key file: %w", err)
	}
	return ParseKey(string(text))
}
