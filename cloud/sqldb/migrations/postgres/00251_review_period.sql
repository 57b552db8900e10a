-- How often an organisation's codes are to be confirmed, in months (6, 12
-- or 24): a code is due for review in the last 30 days of its period and
-- overdue after it (cloud.ReviewCutoffs).

-- +goose Up
ALTER TABLE organizations ADD COLUMN review_period_months integer NOT NULL DEFAULT 12;

-- +goose Down
ALTER TABLE organizations DROP COLUMN review_period_months;
