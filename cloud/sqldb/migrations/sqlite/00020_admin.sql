-- Admin and fulfilment (docs/design/admin-corporate.md §2-§4; docs/design/decisions.md §8 "Admin and
-- fulfilment"): every status change of a physical order, and the audit log
-- of admin reads of customer data and admin changes. Neither holds anything
-- medical; account deletion scrubs the addresses and ids they name.

-- +goose Up
-- One row per status change, the payment's "pending" included; changed_by
-- is the admin, or NULL for the payment (or an admin since deleted).
CREATE TABLE order_status_history (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id         integer NOT NULL REFERENCES physical_orders (id) ON DELETE CASCADE,
    status           text NOT NULL,
    tracking_number  text NOT NULL DEFAULT '',
    changed_by       integer REFERENCES users (id) ON DELETE SET NULL,
    changed_at       text NOT NULL
);
CREATE INDEX order_status_history_order_id ON order_status_history (order_id);

-- Who did what to whose account, when. target_user_id has no foreign key:
-- a deletion's own entry outlives the account (its id and address are
-- scrubbed by the deletion).
CREATE TABLE admin_audit_log (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    actor_email     text NOT NULL,
    action          text NOT NULL,
    target_user_id  integer,
    target          text NOT NULL DEFAULT '',
    created_at      text NOT NULL
);
CREATE INDEX admin_audit_log_created_at ON admin_audit_log (created_at);
CREATE INDEX admin_audit_log_target_user_id ON admin_audit_log (target_user_id);

-- The twin of PostgreSQL's byte-order index for address searches. SQLite
-- already compares bytes, so its unique index on email would do; this one
-- keeps the two schemas alike (sqldb/schema_test.go).
CREATE INDEX users_email_bytes ON users (email);

-- The admin lists page newest first.
CREATE INDEX users_created_at ON users (created_at, id);
CREATE INDEX physical_orders_created_at ON physical_orders (created_at, id);

-- +goose Down
DROP INDEX users_email_bytes;
DROP INDEX physical_orders_created_at;
DROP INDEX users_created_at;
DROP TABLE admin_audit_log;
DROP TABLE order_status_history;
