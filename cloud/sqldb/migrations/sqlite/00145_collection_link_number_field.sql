-- A shared collection link may name the template's field that holds the
-- worker's employee or badge number: a worker's submission then carries
-- it as the code's external id, so that the import and the HR sync find
-- that code instead of adding a second one for the same worker.

-- +goose Up
ALTER TABLE collection_links ADD COLUMN external_id_field text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE collection_links DROP COLUMN external_id_field;
