package aesgcm_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/lifetag/lifetag/cloud/aesgcm"
)

func mustKey(t *testing.T) []byte {
	t.Helper()
	text, err := aesgcm.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := aesgcm.ParseKey(text)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func TestSealOpen(t *testing.T) {
	c, err := aesgcm.New(mustKey(t))
	if err != nil {
		t.Fatal(err)
	}
	plain := []byte(`{"allergies":"penicillin"}`)
	sealed, err := c.Seal(plain, []byte("user:1:medical"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(sealed, []byte("penicillin")) {
		t.Fatal("sealed value holds the plaintext")
	}
	again, _ := c.Seal(plain, []byte("user:1:medical"))
	if bytes.Equal(sealed, again) {
		t.Fatal("two seals of the same text are equal: nonce reused")
	}
	got, err := c.Open(sealed, []byte("user:1:medical"))
	if err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("open: %q %v", got, err)
	}

	t.Run("ErrOtherPlace", func(t *testing.T) {
		if _, err := c.Open(sealed, []byte("user:2:medical")); !errors.Is(err, aesgcm.ErrOpen) {
			t.Fatalf("opened with another aad: %v", err)
		}
	})
	t.Run("ErrTampered", func(t *testing.T) {
		bad := bytes.Clone(sealed)
		bad[len(bad)-1] ^= 1
		if _, err := c.Open(bad, []byte("user:1:medical")); !errors.Is(err, aesgcm.ErrOpen) {
			t.Fatalf("opened a tampered value: %v", err)
		}
		for _, short := range [][]byte{nil, {1}, sealed[:10]} {
			if _, err := c.Open(short, nil); !errors.Is(err, aesgcm.ErrOpen) {
				t.Fatalf("opened %x: %v", short, err)
			}
		}
	})
	t.Run("ErrOtherKey", func(t *testing.T) {
		other, _ := aesgcm.New(mustKey(t))
		if _, err := other.Open(sealed, []byte("user:1:medical")); !errors.Is(err, aesgcm.ErrOpen) {
			t.Fatalf("opened with another key: %v", err)
		}
	})
}

func TestRotation(t *testing.T) {
	oldKey, newKey := mustKey(t), mustKey(t)
	old, _ := aesgcm.New(oldKey)
	sealed, _ := old.Seal([]byte("x"), nil)

	rotated, err := aesgcm.New(newKey, oldKey)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := rotated.Open(sealed, nil); err != nil || string(got) != "x" {
		t.Fatalf("the previous key no longer opens: %q %v", got, err)
	}
	if rotated.SealedWithCurrent(sealed) {
		t.Fatal("a value under the previous key reported as current")
	}
	resealed, _ := rotated.Seal([]byte("x"), nil)
	if !rotated.SealedWithCurrent(resealed) {
		t.Fatal("a new value not under the current key")
	}
	if _, err := old.Open(resealed, nil); err == nil {
		t.Fatal("the old key opens a value sealed with the new one")
	}
}

func TestKeys(t *testing.T) {
	for _, bad := range []string{"", "short", "bm90IDMyIGJ5dGVz"} {
		if _, err := aesgcm.ParseKey(bad); err == nil {
			t.Errorf("ParseKey(%q) accepted", bad)
		}
	}
	if _, err := aesgcm.New(make([]byte, 16)); err == nil {
		t.Error("a 16-byte key accepted")
	}

	path := filepath.Join(t.TempDir(), "data.key")
	first, err := aesgcm.LoadOrCreateKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v %v", info.Mode(), err)
	}
	second, err := aesgcm.LoadOrCreateKeyFile(path)
	if err != nil || !bytes.Equal(first, second) {
		t.Fatal("the key file was not reused")
	}
}

func TestFingerprint(t *testing.T) {
	oldKey, newKey := bytes.Repeat([]byte{1}, aesgcm.KeySize), bytes.Repeat([]byte{2}, aesgcm.KeySize)
	old, err := aesgcm.New(oldKey)
	if err != nil {
		t.Fatal(err)
	}
	fp := old.Fingerprint([]byte("Ann Rider|1990-04-01"))
	if len(fp) != 4+32 || bytes.Contains(fp, []byte("Ann")) {
		t.Fatalf("fingerprint %x", fp)
	}
	if !old.MatchesFingerprint([]byte("Ann Rider|1990-04-01"), fp) || old.MatchesFingerprint([]byte("Ann Rider|1990-04-02"), fp) {
		t.Fatal("fingerprint does not tell the data apart")
	}
	rotated, _ := aesgcm.New(newKey, oldKey)
	if !rotated.MatchesFingerprint([]byte("Ann Rider|1990-04-01"), fp) {
		t.Fatal("a previous key's fingerprint must still match after rotation")
	}
	if bytes.Equal(rotated.Fingerprint([]byte("Ann Rider|1990-04-01")), fp) {
		t.Fatal("a new fingerprint must be under the new key")
	}
	stranger, _ := aesgcm.New(newKey)
	if stranger.MatchesFingerprint([]byte("Ann Rider|1990-04-01"), fp) {
		t.Fatal("a fingerprint matched without its key")
	}
}
