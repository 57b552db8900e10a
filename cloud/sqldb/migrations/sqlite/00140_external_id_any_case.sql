-- An external id (employee or badge number) matches whatever its case:
-- "bf-0101" from one system is "BF-0101" from another, one worker. The id
-- is kept as given; external_id_key holds it folded (cloud.ExternalIDKey,
-- lower-case: the id's characters are ASCII, so lower() here folds them
-- as Go does), and uniqueness within an organisation moves to the key.
--
-- Codes whose ids already differ only in case were two codes for one
-- worker under the new rule: the oldest keeps the id, the later ones lose
-- it (their records stay, and an officer can give them another id).

-- +goose Up
ALTER TABLE organization_qr_codes ADD COLUMN external_id_key text;
UPDATE organization_qr_codes SET external_id = NULL
    WHERE external_id IS NOT NULL AND EXISTS (SELECT 1 FROM organization_qr_codes older
        WHERE older.organization_id = organization_qr_codes.organization_id
          AND lower(older.external_id) = lower(organization_qr_codes.external_id)
          AND older.id < organization_qr_codes.id);
UPDATE organization_qr_codes SET external_id_key = lower(external_id) WHERE external_id IS NOT NULL;
DROP INDEX organization_qr_codes_external_id;
CREATE UNIQUE INDEX organization_qr_codes_external_id_key ON organization_qr_codes (organization_id, external_id_key)
    WHERE external_id_key IS NOT NULL;

-- +goose Down
DROP INDEX organization_qr_codes_external_id_key;
CREATE UNIQUE INDEX organization_qr_codes_external_id ON organization_qr_codes (organization_id, external_id)
    WHERE external_id IS NOT NULL;
ALTER TABLE organization_qr_codes DROP COLUMN external_id_key;
