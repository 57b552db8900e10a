-- A name in another script than Latin (王秀英, محمد) is also searched by
-- its Latin spelling, which an English keyboard types: each code keeps it
-- beside its folded name (emergency.LatinForSearch; '' for a name already
-- in Latin letters). The spelling is Go's, so the rows that exist before
-- this column are filled by the store when it opens (sqldb's
-- foldSearchNames), not here: NULL is "not spelt yet".
--
-- SQLite has no trigram index: this index is the twin of PostgreSQL's
-- (TestSchemasMatch), and finds the rows still to spell.

-- +goose Up
ALTER TABLE organization_qr_codes ADD COLUMN search_latin text;
CREATE INDEX organization_qr_codes_search_latin ON organization_qr_codes (search_latin);

-- +goose Down
DROP INDEX organization_qr_codes_search_latin;
ALTER TABLE organization_qr_codes DROP COLUMN search_latin;
