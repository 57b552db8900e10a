-- Rate-limit counters shared by every cloud instance on this database
--: a row is one limiter key's count in one fixed window. The key
-- is stored as a SHA-256 hash (of the limiter's name and key), so no client
-- address or e-mail address is kept. Old windows are purged hourly.
--
-- UNLOGGED: counting is a write on every counted request, and a counter lost
-- in a crash only forgives a minute of attempts, so it skips the WAL.

-- +goose Up
CREATE UNLOGGED TABLE rate_limits (
    key_hash      bytea NOT NULL,
    window_start  timestamptz NOT NULL,
    count         integer NOT NULL,
    PRIMARY KEY (key_hash, window_start)
);
-- The purge deletes whole old windows.
CREATE INDEX rate_limits_window_start ON rate_limits (window_start);

-- +goose Down
DROP TABLE rate_limits;
