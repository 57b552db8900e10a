-- An admin's user search matches anywhere in the address (sqldb's
-- userSearch, LIKE '%...%'). SQLite has no trigram
-- index: the LIKE reads every address, which the embedded, single-machine
-- database does in milliseconds at the user counts it serves. This index
-- on email is the twin of PostgreSQL's trigram index (TestSchemasMatch);
-- the prefix range's index it replaces goes.

-- +goose Up
CREATE INDEX users_email_search ON users (email);
DROP INDEX users_email_bytes;

-- +goose Down
CREATE INDEX users_email_bytes ON users (email);
DROP INDEX users_email_search;
