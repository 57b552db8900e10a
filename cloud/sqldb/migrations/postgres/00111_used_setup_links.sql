-- A password link that was used: its hash is kept, so
-- opening it again says it was used rather than "invalid". Only the newest
-- used link of an account is remembered.

-- +goose Up
ALTER TABLE users ADD COLUMN used_reset_token_hash bytea;
CREATE INDEX users_used_reset_token_hash ON users (used_reset_token_hash);

-- +goose Down
DROP INDEX users_used_reset_token_hash;
ALTER TABLE users DROP COLUMN used_reset_token_hash;
