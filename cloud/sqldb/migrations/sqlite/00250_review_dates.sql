-- When each code's details were last confirmed, and the index of the
-- library's review filters: the twin of PostgreSQL's (TestSchemasMatch).

-- +goose Up
ALTER TABLE organization_qr_codes ADD COLUMN reviewed_at text;
UPDATE organization_qr_codes SET reviewed_at = coalesce(updated_at, created_at);
CREATE INDEX organization_qr_codes_reviewed ON organization_qr_codes (organization_id, reviewed_at);
ALTER TABLE webhook_messages ADD COLUMN reviewed_at text;

-- +goose Down
ALTER TABLE webhook_messages DROP COLUMN reviewed_at;
DROP INDEX organization_qr_codes_reviewed;
ALTER TABLE organization_qr_codes DROP COLUMN reviewed_at;
