-- Second factors and the half-signed-in state. A sign-in challenge is the
-- single-purpose token between a password and its second step (or a
-- passkey ceremony): only its SHA-256 is kept, it lives minutes and is
-- deleted when used. Recovery codes are 80 random bits each, so SHA-256 is
-- enough (as for API keys); the authenticator app's secret is sealed like
-- medical data, and its last accepted time step refuses a code used twice.

-- +goose Up
CREATE TABLE sign_in_challenges (
    token_hash        bytea PRIMARY KEY,
    -- 0 when nobody is known yet (a passkey sign-in without a password).
    user_id           bigint NOT NULL,
    purpose           text NOT NULL,
    -- The WebAuthn ceremony's challenge and options, once one has begun.
    webauthn_session  bytea,
    expires_at        timestamptz NOT NULL,
    created_at        timestamptz NOT NULL
);
CREATE INDEX sign_in_challenges_expires_at ON sign_in_challenges (expires_at);

CREATE TABLE user_totp (
    user_id        bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret_sealed  bytea NOT NULL,
    -- NULL until a first code proves the app holds the secret.
    enabled_at     timestamptz,
    last_step      bigint NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL
);

CREATE TABLE user_passkeys (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id  bytea NOT NULL UNIQUE,
    -- The go-webauthn credential record (public key, flags, sign counter).
    credential     bytea NOT NULL,
    sign_count     bigint NOT NULL DEFAULT 0,
    name           text NOT NULL,
    created_at     timestamptz NOT NULL,
    last_used_at   timestamptz
);
CREATE INDEX user_passkeys_user_id ON user_passkeys (user_id);

CREATE TABLE recovery_codes (
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash  bytea NOT NULL,
    used_at    timestamptz,
    PRIMARY KEY (user_id, code_hash)
);

ALTER TABLE user_sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE user_sessions ADD COLUMN last_seen_at timestamptz;

ALTER TABLE organizations ADD COLUMN require_second_factor boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE organizations DROP COLUMN require_second_factor;
ALTER TABLE user_sessions DROP COLUMN last_seen_at;
ALTER TABLE user_sessions DROP COLUMN user_agent;
DROP TABLE recovery_codes;
DROP TABLE user_passkeys;
DROP TABLE user_totp;
DROP TABLE sign_in_challenges;
