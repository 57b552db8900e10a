-- The corporate workspace (docs/design/admin-corporate.md §2-§5): form
-- templates, the QR code library's records, worker self-service collection
-- links and printed batches. A library code's record (its template's fields
-- and the worker's values, emergency.Record as JSON) is sealed at rest in
-- organization_qr_codes.emergency_data like an individual's record.

-- +goose Up
CREATE TABLE form_templates (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id  bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    name             text NOT NULL,
    description      text NOT NULL DEFAULT '',
    -- The ordered fields (emergency.Field as JSON): labels, not medical data.
    fields           text NOT NULL,
    is_default       boolean NOT NULL DEFAULT false,
    is_active        boolean NOT NULL DEFAULT true,
    created_by       bigint,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL
);
CREATE INDEX form_templates_organization_id ON form_templates (organization_id);
-- At most one default template per organisation.
CREATE UNIQUE INDEX form_templates_one_default ON form_templates (organization_id) WHERE is_default;

ALTER TABLE organization_qr_codes ADD COLUMN template_id bigint REFERENCES form_templates (id) ON DELETE SET NULL;
-- The template's name when the code was made, shown after the template is gone.
ALTER TABLE organization_qr_codes ADD COLUMN template_name text NOT NULL DEFAULT '';
-- How the code was made: manual, duplicate, import or collection.
ALTER TABLE organization_qr_codes ADD COLUMN source text NOT NULL DEFAULT 'manual';
-- How many recommended fields the record leaves blank (0 = complete), kept
-- in the clear so analytics can count incomplete records without unsealing.
ALTER TABLE organization_qr_codes ADD COLUMN missing_fields integer NOT NULL DEFAULT 0;
ALTER TABLE organization_qr_codes ADD COLUMN created_by bigint;
ALTER TABLE organization_qr_codes ADD COLUMN updated_at timestamptz;
CREATE INDEX organization_qr_codes_project_id ON organization_qr_codes (project_id);

CREATE TABLE collection_links (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id     bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    -- SHA-256 of the link's random token; the token itself is never stored.
    token_hash          bytea NOT NULL UNIQUE,
    template_id         bigint REFERENCES form_templates (id) ON DELETE CASCADE,
    project_id          bigint REFERENCES projects (id) ON DELETE SET NULL,
    -- Set for a link that updates one worker's existing code.
    code_id             bigint REFERENCES organization_qr_codes (id) ON DELETE CASCADE,
    expires_at          timestamptz,
    revoked_at          timestamptz,
    submissions         integer NOT NULL DEFAULT 0,
    last_submission_at  timestamptz,
    created_by          bigint,
    created_at          timestamptz NOT NULL
);
CREATE INDEX collection_links_organization_id ON collection_links (organization_id);

CREATE TABLE label_print_runs (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id  bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    user_id          bigint,
    layout           text NOT NULL,
    labels           integer NOT NULL,
    codes            integer NOT NULL,
    created_at       timestamptz NOT NULL
);
CREATE INDEX label_print_runs_organization_id ON label_print_runs (organization_id, created_at);

-- +goose Down
DROP TABLE label_print_runs;
DROP TABLE collection_links;
DROP INDEX organization_qr_codes_project_id;
ALTER TABLE organization_qr_codes DROP COLUMN updated_at;
ALTER TABLE organization_qr_codes DROP COLUMN created_by;
ALTER TABLE organization_qr_codes DROP COLUMN missing_fields;
ALTER TABLE organization_qr_codes DROP COLUMN source;
ALTER TABLE organization_qr_codes DROP COLUMN template_name;
ALTER TABLE organization_qr_codes DROP COLUMN template_id;
DROP TABLE form_templates;
