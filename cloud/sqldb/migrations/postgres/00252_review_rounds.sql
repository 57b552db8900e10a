-- Review rounds: a safety officer asks every worker whose code is due for
-- review to confirm or correct their details. A round's workers are
-- written with it, in one statement; each is mailed their own update link
-- by a queued job (reviewed: whether the mail went, or the worker has no
-- address and gets a link by hand), and reminders follow on the days after
-- the start the officer chose (reminder_days, "3,7"; reminders_sent counts
-- those sent). answer is confirmed or changed once the worker answers.

-- +goose Up
CREATE TABLE review_rounds (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id  bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    reminder_days    text NOT NULL DEFAULT '',
    reminders_sent   integer NOT NULL DEFAULT 0,
    created_by       bigint,
    created_at       timestamptz NOT NULL
);
CREATE INDEX review_rounds_organization_id ON review_rounds (organization_id);

CREATE TABLE review_round_workers (
    round_id         bigint NOT NULL REFERENCES review_rounds (id) ON DELETE CASCADE,
    code_id          bigint NOT NULL REFERENCES organization_qr_codes (id) ON DELETE CASCADE,
    organization_id  bigint NOT NULL,
    mailed_at        timestamptz,
    no_email         boolean NOT NULL DEFAULT false,
    answer           text,
    answered_at      timestamptz,
    PRIMARY KEY (round_id, code_id)
);
CREATE INDEX review_round_workers_code ON review_round_workers (organization_id, code_id);

-- +goose Down
DROP TABLE review_round_workers;
DROP TABLE review_rounds;
