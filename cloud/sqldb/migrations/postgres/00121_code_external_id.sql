-- Corporate integration: a code may carry the organisation's own
-- id for its worker (the employee or badge number), unique within the
-- organisation, so an HR system can create or update it by that id; and
-- every code has an updated_at, so a sync can read what changed since.

-- +goose Up
ALTER TABLE organization_qr_codes ADD COLUMN external_id text;
CREATE UNIQUE INDEX organization_qr_codes_external_id ON organization_qr_codes (organization_id, external_id)
    WHERE external_id IS NOT NULL;
UPDATE organization_qr_codes SET updated_at = created_at WHERE updated_at IS NULL;
-- The changes feed reads an organisation's codes in (updated_at, id) order.
CREATE INDEX organization_qr_codes_changes ON organization_qr_codes (organization_id, updated_at, id);

-- +goose Down
DROP INDEX organization_qr_codes_changes;
DROP INDEX organization_qr_codes_external_id;
ALTER TABLE organization_qr_codes DROP COLUMN external_id;
