-- The library's list looks for each listed code's namesakes (the codes
-- with the same folded name, which may be one worker twice): a lookup of
-- whole names within one organisation, which this index answers. The
-- twin of PostgreSQL's (TestSchemasMatch).

-- +goose Up
CREATE INDEX organization_qr_codes_name ON organization_qr_codes (organization_id, search_name);

-- +goose Down
DROP INDEX organization_qr_codes_name;
