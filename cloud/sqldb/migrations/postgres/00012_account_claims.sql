-- claim_token_hash: the SHA-256 of the claim token of the
-- anonymous payment that made the account, until that browser gives it a
-- password; no other payment or browser can. identity_fingerprint: a keyed
-- hash of the identity locked after payment (name, e-mail, date of birth),
-- which outlives "delete my data" so that the lock does.

-- +goose Up
ALTER TABLE users ADD COLUMN claim_token_hash bytea;
ALTER TABLE users ADD COLUMN identity_fingerprint bytea;

-- +goose Down
ALTER TABLE users DROP COLUMN identity_fingerprint;
ALTER TABLE users DROP COLUMN claim_token_hash;
