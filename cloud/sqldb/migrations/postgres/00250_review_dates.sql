-- When each code's details were last confirmed: set by every save of its
-- record and by a worker's or officer's "my details are still right",
-- which changes nothing else. Codes of before count as reviewed when they
-- last changed. A webhook message carries the date its code had then. The
-- index answers the library's "due for review" and "overdue" filters
-- within one organisation.

-- +goose Up
ALTER TABLE organization_qr_codes ADD COLUMN reviewed_at timestamptz;
UPDATE organization_qr_codes SET reviewed_at = coalesce(updated_at, created_at);
CREATE INDEX organization_qr_codes_reviewed ON organization_qr_codes (organization_id, reviewed_at);
ALTER TABLE webhook_messages ADD COLUMN reviewed_at timestamptz;

-- +goose Down
ALTER TABLE webhook_messages DROP COLUMN reviewed_at;
DROP INDEX organization_qr_codes_reviewed;
ALTER TABLE organization_qr_codes DROP COLUMN reviewed_at;
