-- A trial's organisation exists only once its contact address is proven
--: its registration waits here with the hash of the mailed
-- link, and counts under hashes of its folded mailbox and client address.
-- trial_mailboxes remembers which mailboxes have had a trial (hashes only).

-- +goose Up
ALTER TABLE pending_corporate_registrations ADD COLUMN confirm_token_hash bytea;
ALTER TABLE pending_corporate_registrations ADD COLUMN mailbox_hash bytea;
ALTER TABLE pending_corporate_registrations ADD COLUMN client_hash bytea;
ALTER TABLE pending_corporate_registrations ADD COLUMN mails_sent integer NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX pending_corporate_registrations_confirm_token_hash
    ON pending_corporate_registrations (confirm_token_hash);
CREATE INDEX pending_corporate_registrations_mailbox_hash ON pending_corporate_registrations (mailbox_hash);
CREATE INDEX pending_corporate_registrations_client_hash ON pending_corporate_registrations (client_hash);

CREATE TABLE trial_mailboxes (
    mailbox_hash  bytea PRIMARY KEY,
    created_at    timestamptz NOT NULL
);

-- +goose Down
DROP TABLE trial_mailboxes;
DROP INDEX pending_corporate_registrations_client_hash;
DROP INDEX pending_corporate_registrations_mailbox_hash;
DROP INDEX pending_corporate_registrations_confirm_token_hash;
ALTER TABLE pending_corporate_registrations DROP COLUMN mails_sent;
ALTER TABLE pending_corporate_registrations DROP COLUMN client_hash;
ALTER TABLE pending_corporate_registrations DROP COLUMN mailbox_hash;
ALTER TABLE pending_corporate_registrations DROP COLUMN confirm_token_hash;
