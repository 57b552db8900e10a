-- First-party analytics (docs/design/decisions.md §7; docs/design/individual.md §7): page views and
-- events. Nothing here identifies a person: no user id, e-mail, IP address or
-- user agent, and a page view keeps its path only (a reset link's ?token=
-- never gets here). So deleting an account need not touch this table.

-- +goose Up
CREATE TABLE analytics_events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        text NOT NULL CHECK (kind IN ('page_view', 'event')),
    name        text NOT NULL DEFAULT '',
    category    text NOT NULL DEFAULT '',
    label       text NOT NULL DEFAULT '',
    value       real,
    path        text NOT NULL DEFAULT '',
    created_at  text NOT NULL
);
-- Dashboards count what happened since a time.
CREATE INDEX analytics_events_created_at ON analytics_events (created_at);

-- +goose Down
DROP TABLE analytics_events;
