-- Payments (docs/design/individual.md §4, §7): one row per checkout, created before the
-- provider's intent, succeeded once by a verified webhook event. Events are
-- recorded in the same transaction as their effects, so each applies once.
-- No medical data here; the shipping address is AES-256-GCM ciphertext.

-- +goose Up
CREATE TABLE payments (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    ref               text NOT NULL UNIQUE,
    intent_id         text UNIQUE,
    email             text NOT NULL,
    kind              text NOT NULL CHECK (kind IN ('print', 'physical')),
    amount_pence      integer NOT NULL CHECK (amount_pence > 0),
    currency          text NOT NULL,
    label_type        text NOT NULL DEFAULT '',
    shipping_address  blob,
    referral_code     text NOT NULL DEFAULT '',
    claim_token_hash  blob,
    status            text NOT NULL DEFAULT 'created',
    created_at        text NOT NULL,
    succeeded_at      text
);
CREATE INDEX payments_email ON payments (email);

CREATE TABLE payment_events (
    event_id     text PRIMARY KEY,
    type         text NOT NULL,
    received_at  text NOT NULL
);

-- +goose Down
DROP TABLE payment_events;
DROP TABLE payments;
