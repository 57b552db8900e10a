package cloud

// Sealer encrypts data at rest. aad binds a ciphertext to its place (the
// owner and the field), so a sealed value copied elsewhere does not open.
type Sealer interface {
	Seal(plaintext, aad []byte) ([]byte, error)
	Open(sealed, aad []byte) ([]byte, error)
	// SealedWithCurrent reports whether sealed is under the current key;
	// others are re-sealed after a key rotation.
	SealedWithCurrent(sealed []byte) bool
	// Fingerprint is a keyed hash of data under the current key, to
	// recognise data later without keeping it.
	Fingerprint(data []byte) []byte
	// MatchesFingerprint reports whether fp is data's fingerprint under the
	// current or a previous key.
	MatchesFingerprint(data, fp []byte) bool
}

// PasswordHasher hashes and checks passwords.
type PasswordHasher interface {
	Hash(password string) (string, error)
	// Verify reports whether password matches encoded; an error means
	// encoded is malformed.
	Verify(password, encoded string) (bool, error)
}
