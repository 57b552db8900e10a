-- Corporate accounts (docs/design/admin-corporate.md §3, docs/design/decisions.md §9 "Corporate"):
-- organisations, pending registrations (kept until their checkout is paid),
-- each organisation's activity log, and its projects and QR codes, counted
-- on the dashboard. Members are users with organization_id set.

-- +goose Up
CREATE TABLE organizations (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    name                    text NOT NULL,
    industry                text NOT NULL DEFAULT '',
    contact_first_name      text NOT NULL DEFAULT '',
    contact_last_name       text NOT NULL DEFAULT '',
    contact_email           text NOT NULL,
    contact_phone           text NOT NULL DEFAULT '',
    billing_address         text NOT NULL DEFAULT '',
    city                    text NOT NULL DEFAULT '',
    country                 text NOT NULL DEFAULT '',
    employee_count          text NOT NULL DEFAULT '',
    requirements            text NOT NULL DEFAULT '',
    subscription_tier       text NOT NULL DEFAULT 'starter',
    subscription_status     text NOT NULL DEFAULT 'active',
    max_qr_codes            integer NOT NULL DEFAULT 50,
    stripe_customer_id      text NOT NULL DEFAULT '',
    stripe_subscription_id  text UNIQUE,
    checkout_session_id     text UNIQUE,
    trial_ends_at           text,
    trial_notice_sent       integer NOT NULL DEFAULT 0,
    subscription_event_at   text,
    created_at              text NOT NULL,
    updated_at              text NOT NULL
);
CREATE INDEX organizations_trial_ends_at ON organizations (trial_ends_at);

CREATE INDEX users_organization_id ON users (organization_id);

CREATE TABLE pending_corporate_registrations (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    ref                  text NOT NULL UNIQUE,
    organization_name    text NOT NULL,
    contact_first_name   text NOT NULL,
    contact_last_name    text NOT NULL,
    contact_email        text NOT NULL,
    phone                text NOT NULL,
    organization_type    text NOT NULL,
    employee_count       text NOT NULL,
    subscription_plan    text NOT NULL,
    address              text NOT NULL,
    city                 text NOT NULL,
    country              text NOT NULL,
    requirements         text NOT NULL DEFAULT '',
    checkout_session_id  text UNIQUE,
    status               text NOT NULL DEFAULT 'pending',
    organization_id      integer REFERENCES organizations (id) ON DELETE SET NULL,
    created_at           text NOT NULL
);

CREATE TABLE organization_activity (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id  integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    kind             text NOT NULL,
    detail           text NOT NULL DEFAULT '',
    created_at       text NOT NULL
);
CREATE INDEX organization_activity_organization_id ON organization_activity (organization_id, id);

CREATE TABLE projects (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id  integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    name             text NOT NULL,
    description      text NOT NULL DEFAULT '',
    status           text NOT NULL DEFAULT 'active',
    created_by       integer,
    created_at       text NOT NULL
);
CREATE INDEX projects_organization_id ON projects (organization_id);

CREATE TABLE organization_qr_codes (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id  integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    project_id       integer REFERENCES projects (id) ON DELETE SET NULL,
    name             text NOT NULL,
    emergency_data   blob,
    label_type       text NOT NULL DEFAULT '',
    is_active        integer NOT NULL DEFAULT 1,
    created_at       text NOT NULL
);
CREATE INDEX organization_qr_codes_organization_id ON organization_qr_codes (organization_id);

-- +goose Down
DROP TABLE organization_qr_codes;
DROP TABLE projects;
DROP TABLE organization_activity;
DROP TABLE pending_corporate_registrations;
DROP INDEX users_organization_id;
DROP TABLE organizations;
