-- Single sign-on: an organisation's OpenID Connect provider, the e-mail
-- domains it vouches for (each approved by a site admin before it signs
-- anyone in), the sign-ins on their way through the provider, and the
-- single-use codes a print station exchanges for its session.

-- +goose Up
CREATE TABLE organization_sso (
    organization_id  integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
    issuer           text NOT NULL,
    client_id        text NOT NULL,
    -- Sealed like medical data (AES-256-GCM, bound to the organisation).
    client_secret    blob NOT NULL,
    require_sso      integer NOT NULL DEFAULT 0,
    updated_at       text NOT NULL
);

CREATE TABLE sso_domains (
    organization_id  integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    domain           text NOT NULL,
    requested_at     text NOT NULL,
    approved_at      text,
    PRIMARY KEY (organization_id, domain)
);
-- Several organisations may ask for a domain; one at most has it approved.
CREATE UNIQUE INDEX sso_domains_approved ON sso_domains (domain) WHERE approved_at IS NOT NULL;

-- Only hashes of the state and of the browser's cookie: a copy of the
-- table cannot finish anyone's sign-in.
CREATE TABLE sso_logins (
    state_hash         blob PRIMARY KEY,
    browser_hash       blob NOT NULL,
    organization_id    integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    nonce              text NOT NULL,
    code_verifier      text NOT NULL,
    station_redirect   text NOT NULL DEFAULT '',
    station_challenge  text NOT NULL DEFAULT '',
    station_state      text NOT NULL DEFAULT '',
    expires_at         text NOT NULL
);

CREATE TABLE station_sso_codes (
    code_hash       blob PRIMARY KEY,
    user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_challenge  text NOT NULL,
    expires_at      text NOT NULL
);

-- +goose Down
DROP TABLE station_sso_codes;
DROP TABLE sso_logins;
DROP TABLE sso_domains;
DROP TABLE organization_sso;
