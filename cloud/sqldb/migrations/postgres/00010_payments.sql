-- Payments (docs/design/individual.md §4, §7): one row per checkout, created before the
-- provider's intent, succeeded once by a verified webhook event. Events are
-- recorded in the same transaction as their effects, so each applies once.
-- No medical data here; the shipping address is AES-256-GCM ciphertext.

-- +goose Up
CREATE TABLE payments (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    ref               text NOT NULL UNIQUE,
    intent_id         text UNIQUE,
    email             text NOT NULL,
    kind              text NOT NULL CHECK (kind IN ('print', 'physical')),
    amount_pence      integer NOT NULL CHECK (amount_pence > 0),
    currency          text NOT NULL,
    label_type        text NOT NULL DEFAULT '',
    shipping_address  bytea,
    referral_code     text NOT NULL DEFAULT '',
    claim_token_hash  bytea,
    status            text NOT NULL DEFAULT 'created',
    created_at        timestamptz NOT NULL,
    succeeded_at      timestamptz
);
CREATE INDEX payments_email ON payments (email);

CREATE TABLE payment_events (
    event_id     text PRIMARY KEY,
    type         text NOT NULL,
    received_at  timestamptz NOT NULL
);

-- +goose Down
DROP TABLE payment_events;
DROP TABLE payments;
