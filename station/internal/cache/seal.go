package cache

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/lifetag/lifetag/station/internal/secrets"
)

// keyName is the cache key's name in the secrets store.
const keyName = secrets.NameCacheKey

// sealer seals each row's payload with AES-256-GCM. The row's identity
// (account, table, key) is the additional data, so a sealed payload cannot
// be moved to another row or account and still open.
type sealer struct {
	aead cipher.AEAD
}

// loadKey returns the cache key from the store, making one the first time
// and for a fresh file (a key left from a removed cache is not reused).
func loadKey(store secrets.Store, fresh bool) ([]byte, error) {
	encoded, err := store.Get(keyName)
	if errors.Is(err, secrets.ErrNotFound) || (fresh && err == nil) {
		key := make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
		if err := store.Set(keyName, base64.StdEncoding.EncodeToString(key)); err != nil {
			return nil, fmt.Errorf("cache: keeping the key in %s: %w", store.Where(), err)
		}
		return key, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cache: reading the key from %s: %w", store.Where(), err)
	}
	key, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil || len(key) != 32 {
		return nil, errors.New("cache: the stored key is not 32 bytes of base64")
	}
	return key, nil
}

func newSealer(key []byte) (*sealer, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &sealer{aead: aead}, nil
}

// seal returns nonce || ciphertext.
func (s *sealer) seal(plain []byte, rowID string) []byte {
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(plain)+s.aead.Overhead())
	rand.Read(nonce)
	return s.aead.Seal(nonce, nonce, plain, []byte(rowID))
}

// errSealed is a row that does not open under this key and identity.
var errSealed = errors.New("cache: a cached row does not open with this machine's key")

func (s *sealer) open(sealed []byte, rowID string) ([]byte, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return nil, errSealed
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], []byte(rowID))
	if err != nil {
		return nil, errSealed
	}
	return plain, nil
}
