-- Review rounds and their workers: the twin of PostgreSQL's (TestSchemasMatch).

-- +goose Up
CREATE TABLE review_rounds (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id  integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    reminder_days    text NOT NULL DEFAULT '',
    reminders_sent   integer NOT NULL DEFAULT 0,
    created_by       integer,
    created_at       text NOT NULL
);
CREATE INDEX review_rounds_organization_id ON review_rounds (organization_id);

CREATE TABLE review_round_workers (
    round_id         integer NOT NULL REFERENCES review_rounds (id) ON DELETE CASCADE,
    code_id          integer NOT NULL REFERENCES organization_qr_codes (id) ON DELETE CASCADE,
    organization_id  integer NOT NULL,
    mailed_at        text,
    no_email         integer NOT NULL DEFAULT 0,
    answer           text,
    answered_at      text,
    PRIMARY KEY (round_id, code_id)
);
CREATE INDEX review_round_workers_code ON review_round_workers (organization_id, code_id);

-- +goose Down
DROP TABLE review_round_workers;
DROP TABLE review_rounds;
