-- Idempotency-Key: a create sent again with the same key (by the
-- same caller, for the same organisation) within 24 hours answers the first
-- answer again and creates nothing. A row without status is a request still
-- running with that key.

-- +goose Up
CREATE TABLE idempotency_keys (
    organization_id  integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    -- Who sent it: "user:<id>" (a signed-in member) or "key:<id>" (an API key).
    caller           text NOT NULL,
    idempotency_key  text NOT NULL,
    -- SHA-256 of the method, path and body: the same key with another
    -- request is refused.
    request_hash     blob NOT NULL,
    status           integer,
    content_type     text NOT NULL DEFAULT '',
    body             blob,
    created_at       text NOT NULL,
    PRIMARY KEY (organization_id, caller, idempotency_key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);

-- +goose Down
DROP TABLE idempotency_keys;
