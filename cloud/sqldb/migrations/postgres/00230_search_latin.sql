-- A name in another script than Latin (王秀英, محمد) is also searched by
-- its Latin spelling, which an English keyboard types: each code keeps it
-- beside its folded name (emergency.LatinForSearch; '' for a name already
-- in Latin letters). The spelling is Go's, so the rows that exist before
-- this column are filled by the store when it opens (sqldb's
-- foldSearchNames), not here: NULL is "not spelt yet".
--
-- The search matches it with LIKE '%...%' within one organisation, which a
-- trigram index answers as it does the folded name (00131_search_names).

-- +goose Up
ALTER TABLE organization_qr_codes ADD COLUMN search_latin text;
-- +goose StatementBegin
DO $$
DECLARE
    trgm_schema text;
BEGIN
    SELECT n.nspname INTO trgm_schema FROM pg_extension e
        JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    EXECUTE format('CREATE INDEX organization_qr_codes_search_latin_trgm ON organization_qr_codes USING gin (search_latin %I.gin_trgm_ops)', trgm_schema);
END $$;
-- +goose StatementEnd

-- +goose Down
DROP INDEX organization_qr_codes_search_latin_trgm;
ALTER TABLE organization_qr_codes DROP COLUMN search_latin;
