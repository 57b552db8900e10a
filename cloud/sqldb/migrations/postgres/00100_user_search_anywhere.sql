-- An admin's user search matches anywhere in the address ("acme",
-- "example.test"): sqldb's userSearch is LIKE '%...%',
-- which a trigram index answers at any number of users. The prefix range's
-- byte-order index goes.
--
-- pg_trgm (in Debian's postgresql package; trusted, so the database's
-- owner may create it) lives in its own schema, so it outlives any one
-- schema of the database and is found by name wherever it already is.

-- +goose Up
-- +goose StatementBegin
DO $$
DECLARE
    trgm_schema text;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        BEGIN
            CREATE SCHEMA IF NOT EXISTS extensions;
            CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;
        EXCEPTION WHEN unique_violation OR duplicate_object OR duplicate_schema THEN
            NULL; -- another migration of this database created it meanwhile
        END;
    END IF;
    SELECT n.nspname INTO trgm_schema FROM pg_extension e
        JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    EXECUTE format('CREATE INDEX users_email_trgm ON users USING gin (email %I.gin_trgm_ops)', trgm_schema);
END $$;
-- +goose StatementEnd
DROP INDEX users_email_bytes;

-- +goose Down
CREATE INDEX users_email_bytes ON users (email COLLATE "C");
DROP INDEX users_email_trgm;
