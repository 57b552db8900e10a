-- Pending team invitations: one row for every address an
-- owner invites, whether or not it has an account, so the team list, its
-- seats and the dashboard's count look the same either way. A new
-- address's invitation also has its password-less member row (users); an
-- address with an account elsewhere has only this row. It goes when the
-- invitee sets a password, or when the owner removes it.

-- +goose Up
CREATE TABLE team_invitations (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id  bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    email            text NOT NULL,
    created_at       timestamptz NOT NULL,
    UNIQUE (organization_id, email)
);

-- +goose Down
DROP TABLE team_invitations;
