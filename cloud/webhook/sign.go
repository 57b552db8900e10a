// Package webhook signs and sends webhooks as Standard Webhooks 1.0 asks
// (https://www.standardwebhooks.com): the webhook-id, webhook-timestamp
// and webhook-signature headers, "v1," HMAC-SHA256 signatures over
// "id.timestamp.body" with whsec_ secrets, and a client that refuses to
// reach anything but the public internet.
package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
)

// SecretPrefix starts every signing secret, as the standard's libraries
// expect: what follows is the key, base64.
const SecretPrefix = "whsec_"

// secretBytes: 24 random bytes, as the standard recommends (between 24 and 64).
const secretBytes = 24

// NewSecret is a new signing secret, whsec_ and 24 random bytes in base64.
func NewSecret() string {
	b := make([]byte, secretBytes)
	_, _ = rand.Read(b) // crypto/rand never fails (Go 1.24+)
	return SecretPrefix + base64.StdEncoding.EncodeToString(b)
}

// errSecret: a secret that is not whsec_ and base64.
var errSecret = errors.New("webhook: secret is not whsec_ followed by base64")

func secretKey(secret string) ([]byte, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
	if err != nil || len(key) == 0 {
		return nil, errSecret
	}
	return key, nil
}

// Signature is "v1," and the base64 HMAC-SHA256 of id.timestamp.body under
// secret's key.
func Signature(secret, id string, timestamp time.Time, body []byte) (string, error) {
	key, err := secretKey(secret)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + strconv.FormatInt(timestamp.Unix(), 10) + "."))
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// Headers are a delivery's three headers: each secret's signature in
// webhook-signature, space separated (during a rotation, the new secret's
// and the old one's, so a receiver holding either accepts it).
func Headers(id string, timestamp time.Time, body []byte, secrets ...string) (map[string]string, error) {
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		sig, err := Signature(s, id, timestamp, body)
		if err != nil {
			return nil, err
		}
		sigs = append(sigs, sig)
	}
	return map[string]string{
		"webhook-id":        id,
		"webhook-timestamp": strconv.FormatInt(timestamp.Unix(), 10),
		"webhook-signature": strings.Join(sigs, " "),
	}, nil
}

// Tolerance is how far a delivery's timestamp may be from the receiver's
// clock, the standard's five minutes: an older one may be a replay.
const Tolerance = 5 * time.Minute

// ErrNotVerified: no signature matched, or the timestamp is too far off.
var ErrNotVerified = errors.New("webhook: signature not verified")

// Verify checks a delivery as a receiver does: one of the v1 signatures in
// signatureHeader matches body under secret, and the timestamp is within
// Tolerance of now.
func Verify(secret, id, timestampHeader, signatureHeader string, body []byte, now time.Time) error {
	unix, err := strconv.ParseInt(timestampHeader, 10, 64)
	if err != nil {
		return ErrNotVerified
	}
	ts := time.Unix(unix, 0)
	if ts.Before(now.Add(-Tolerance)) || ts.After(now.Add(Tolerance)) {
		return ErrNotVerified
	}
	want, err := Signature(secret, id, ts, body)
	if err != nil {
		return err
	}
	for _, sig := range strings.Fields(signatureHeader) {
		if hmac.Equal([]byte(sig), []byte(want)) {
			return nil
		}
	}
	return ErrNotVerified
}
