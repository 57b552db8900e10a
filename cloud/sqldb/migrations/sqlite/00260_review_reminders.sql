-- When each person last confirmed their emergency record, how often they
-- want to be reminded to look at it again, and the reminders sent.
--
-- reviewed_at is set by every save of the record and by an explicit "my
-- details are still right"; records saved before it existed count as
-- reviewed when they were last saved. review_reminder_months is 6 or 12,
-- or 0 for no reminders. A reminder is one row per record and period
-- (period_start is the reviewed_at it is about), so a period is reminded
-- of once, whichever instance runs the check; its confirm and unsubscribe
-- links are kept as SHA-256 hashes, never as tokens.

-- +goose Up
ALTER TABLE emergency_data ADD COLUMN reviewed_at text;
UPDATE emergency_data SET reviewed_at = updated_at;
CREATE INDEX emergency_data_reviewed_at ON emergency_data (reviewed_at);
ALTER TABLE users ADD COLUMN review_reminder_months integer NOT NULL DEFAULT 12;

CREATE TABLE review_reminders (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id                 integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    period_start            text NOT NULL,
    sent_at                 text NOT NULL,
    confirm_token_hash      blob NOT NULL UNIQUE,
    confirm_expires_at      text NOT NULL,
    confirmed_at            text,
    unsubscribe_token_hash  blob NOT NULL UNIQUE,
    unsubscribe_expires_at  text NOT NULL,
    UNIQUE (user_id, period_start)
);

-- +goose Down
DROP TABLE review_reminders;
ALTER TABLE users DROP COLUMN review_reminder_months;
DROP INDEX emergency_data_reviewed_at;
ALTER TABLE emergency_data DROP COLUMN reviewed_at;
