-- The library's search ignores case and accents ("nunez" finds
-- "José Núñez", "lukasz" finds "Łukasz"): each code and project keeps its
-- name folded by emergency.FoldForSearch, which the store writes with every
-- name and matches the folded search against. The fold is Go's, so the
-- rows that exist before this column are filled by the store when it
-- opens (sqldb's foldSearchNames), not here.
--
-- The search is LIKE '%...%' within one organisation, which a trigram
-- index answers alongside the organisation's index (pg_trgm, created by
-- 00100_user_search_anywhere, found by name wherever it lives).

-- +goose Up
ALTER TABLE organization_qr_codes ADD COLUMN search_name text;
ALTER TABLE projects ADD COLUMN search_name text;
-- +goose StatementBegin
DO $$
DECLARE
    trgm_schema text;
BEGIN
    SELECT n.nspname INTO trgm_schema FROM pg_extension e
        JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    EXECUTE format('CREATE INDEX organization_qr_codes_search_name_trgm ON organization_qr_codes USING gin (search_name %I.gin_trgm_ops)', trgm_schema);
END $$;
-- +goose StatementEnd

-- +goose Down
DROP INDEX organization_qr_codes_search_name_trgm;
ALTER TABLE projects DROP COLUMN search_name;
ALTER TABLE organization_qr_codes DROP COLUMN search_name;
