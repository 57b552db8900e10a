-- Where a session came from, and how many wrong second steps an account
-- and a half-finished sign-in have had.
--
-- A print station's session made from a browser's session (a station
-- code) names that session as its parent: it lives no longer than the
-- parent and ends with it. signed_in_with says how the person proved who
-- they are (password, passkey, sso, checkout), so a rule such as "this
-- organisation signs in only through its provider" can be applied to a
-- session made later from it. verified_at is the last time the person
-- proved it (the sign-in, or a password or factor asked for again), which
-- the changes that take over an account require to be recent. browser
-- marks a session handed to the website as its cookie rather than to a
-- program as a bearer token: only such a session may sign a print station
-- in.

-- +goose Up
ALTER TABLE user_sessions ADD COLUMN parent_token blob;
ALTER TABLE user_sessions ADD COLUMN signed_in_with text NOT NULL DEFAULT '';
ALTER TABLE user_sessions ADD COLUMN browser integer NOT NULL DEFAULT 0;
ALTER TABLE user_sessions ADD COLUMN verified_at text;
CREATE INDEX user_sessions_parent_token ON user_sessions (parent_token) WHERE parent_token IS NOT NULL;

ALTER TABLE station_sso_codes ADD COLUMN parent_token blob;
ALTER TABLE station_sso_codes ADD COLUMN signed_in_with text NOT NULL DEFAULT '';

ALTER TABLE sign_in_challenges ADD COLUMN failures integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN second_step_failures integer NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE users DROP COLUMN second_step_failures;
ALTER TABLE sign_in_challenges DROP COLUMN failures;
ALTER TABLE station_sso_codes DROP COLUMN signed_in_with;
ALTER TABLE station_sso_codes DROP COLUMN parent_token;
DROP INDEX user_sessions_parent_token;
ALTER TABLE user_sessions DROP COLUMN verified_at;
ALTER TABLE user_sessions DROP COLUMN browser;
ALTER TABLE user_sessions DROP COLUMN signed_in_with;
ALTER TABLE user_sessions DROP COLUMN parent_token;
