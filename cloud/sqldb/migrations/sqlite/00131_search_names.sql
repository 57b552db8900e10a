-- The library's search ignores case and accents ("nunez" finds
-- "José Núñez", "lukasz" finds "Łukasz"): each code and project keeps its
-- name folded by emergency.FoldForSearch, which the store writes with every
-- name and matches the folded search against. The fold is Go's, so the
-- rows that exist before this column are filled by the store when it
-- opens (sqldb's foldSearchNames), not here.
--
-- SQLite has no trigram index: the LIKE '%...%' reads the organisation's
-- codes, found by its index. This index on search_name is the twin of
-- PostgreSQL's trigram index (TestSchemasMatch).

-- +goose Up
ALTER TABLE organization_qr_codes ADD COLUMN search_name text;
ALTER TABLE projects ADD COLUMN search_name text;
CREATE INDEX organization_qr_codes_search_name ON organization_qr_codes (search_name);

-- +goose Down
DROP INDEX organization_qr_codes_search_name;
ALTER TABLE projects DROP COLUMN search_name;
ALTER TABLE organization_qr_codes DROP COLUMN search_name;
