-- Projects: a name is unique in its
-- organisation whatever its case (name_key is the store's lower-cased
-- name, written with it), and a project has optional start and end dates
-- (YYYY-MM-DD, '' when unset, as a record's dates are kept).

-- +goose Up
ALTER TABLE projects ADD COLUMN name_key text NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN start_date text NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN end_date text NOT NULL DEFAULT '';
-- Names taken twice before the rule keep their text, with their id added.
UPDATE projects SET name = name || ' (' || id || ')'
WHERE EXISTS (SELECT 1 FROM projects o WHERE o.organization_id = projects.organization_id
    AND lower(o.name) = lower(projects.name) AND o.id < projects.id);
UPDATE projects SET name_key = lower(name);
CREATE UNIQUE INDEX projects_name_key ON projects (organization_id, name_key);

-- +goose Down
DROP INDEX projects_name_key;
ALTER TABLE projects DROP COLUMN end_date;
ALTER TABLE projects DROP COLUMN start_date;
ALTER TABLE projects DROP COLUMN name_key;
