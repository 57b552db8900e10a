-- An organisation's API keys. The secret is 32 random
-- bytes: only its SHA-256 is stored. A fast hash is right here (unlike a
-- password's argon2id): 256 random bits cannot be guessed, so slowing each
-- guess buys nothing, and every API request looks its key up by this hash.

-- +goose Up
CREATE TABLE api_keys (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id  bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    name             text NOT NULL,
    -- The secret's first characters ("lt_live_AbCd"), shown to tell keys apart.
    prefix           text NOT NULL,
    secret_hash      bytea NOT NULL UNIQUE,
    scope            text NOT NULL CHECK (scope IN ('read', 'write')),
    expires_at       timestamptz,
    created_by       bigint,
    created_at       timestamptz NOT NULL,
    last_used_at     timestamptz,
    revoked_at       timestamptz
);
-- A name is unique among an organisation's live keys; a revoked key's name
-- may be used again.
CREATE UNIQUE INDEX api_keys_live_name ON api_keys (organization_id, name) WHERE revoked_at IS NULL;

-- +goose Down
DROP TABLE api_keys;
