-- How often an organisation's codes are to be confirmed, in months: the
-- twin of PostgreSQL's (TestSchemasMatch).

-- +goose Up
ALTER TABLE organizations ADD COLUMN review_period_months integer NOT NULL DEFAULT 12;

-- +goose Down
ALTER TABLE organizations DROP COLUMN review_period_months;
