-- Webhooks: an organisation's endpoints, the messages owed to each (one per
-- event and endpoint, written in the same transaction as the change that
-- caused it, so a message exists if and only if its change committed), the
-- log of every attempt to deliver one, and tombstones of deleted codes for
-- the changes feed.

-- +goose Up
CREATE TABLE webhook_endpoints (
    id                     INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id        integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    url                    text NOT NULL,
    description            text NOT NULL DEFAULT '',
    -- The chosen event types, each between commas (",qr_code.created,"),
    -- so one LIKE matches a type in either database.
    events                 text NOT NULL,
    include_record         integer NOT NULL DEFAULT 0,
    -- The whsec_ signing secret, sealed; the one before a rotation signs
    -- too until previous_secret_until.
    secret                 blob NOT NULL,
    previous_secret        blob,
    previous_secret_until  text,
    enabled                integer NOT NULL DEFAULT 1,
    disabled_reason        text NOT NULL DEFAULT '',
    -- Since when every delivery failed (NULL: the last one succeeded).
    failing_since          text,
    created_at             text NOT NULL,
    updated_at             text NOT NULL
);
CREATE INDEX webhook_endpoints_organization_id ON webhook_endpoints (organization_id);

CREATE TABLE webhook_messages (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The webhook-id header: the same on every attempt.
    webhook_id       text NOT NULL UNIQUE,
    endpoint_id      integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    organization_id  integer NOT NULL,
    event_type       text NOT NULL,
    -- What it is about: a code (its id and external id) or a print run.
    code_id          integer,
    external_id      text,
    print_run_id     integer,
    -- The fields that changed, comma separated.
    changed          text NOT NULL DEFAULT '',
    -- The code's sealed record, only for an endpoint that opted in.
    record           blob,
    occurred_at      text NOT NULL,
    -- pending, delivered or failed.
    status           text NOT NULL,
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  text NOT NULL,
    delivered_at     text
);
CREATE INDEX webhook_messages_due ON webhook_messages (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_messages_endpoint ON webhook_messages (endpoint_id, occurred_at);

CREATE TABLE webhook_attempts (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id     integer NOT NULL REFERENCES webhook_messages (id) ON DELETE CASCADE,
    endpoint_id    integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    attempted_at   text NOT NULL,
    succeeded      integer NOT NULL,
    -- The answer's status code, 0 when none came (refused, timed out).
    response_code  integer NOT NULL,
    duration_ms    integer NOT NULL,
    -- The answer's first kilobyte, or why there was none.
    response_body  text NOT NULL
);
CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, attempted_at);
CREATE INDEX webhook_attempts_attempted_at ON webhook_attempts (attempted_at);

CREATE TABLE qr_code_tombstones (
    organization_id  integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    code_id          integer NOT NULL,
    external_id      text,
    deleted_at       text NOT NULL,
    PRIMARY KEY (organization_id, code_id)
);
CREATE INDEX qr_code_tombstones_deleted_at ON qr_code_tombstones (organization_id, deleted_at, code_id);

-- +goose Down
DROP TABLE qr_code_tombstones;
DROP TABLE webhook_attempts;
DROP TABLE webhook_messages;
DROP TABLE webhook_endpoints;
