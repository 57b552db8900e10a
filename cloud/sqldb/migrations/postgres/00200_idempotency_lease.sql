-- A key's claim is held by one running request: the instance that runs it,
-- a random claim id (only the holder renews it or keeps the answer), and a
-- lease the request renews while it runs. A claim whose lease ran out (its
-- instance crashed, or lost the database) is taken over by a retry of the
-- same request. Claims from before have no lease: they are taken over.

-- +goose Up
ALTER TABLE idempotency_keys ADD COLUMN instance text NOT NULL DEFAULT '';
ALTER TABLE idempotency_keys ADD COLUMN claim bytea;
ALTER TABLE idempotency_keys ADD COLUMN lease_until timestamptz;

-- +goose Down
ALTER TABLE idempotency_keys DROP COLUMN lease_until;
ALTER TABLE idempotency_keys DROP COLUMN claim;
ALTER TABLE idempotency_keys DROP COLUMN instance;
