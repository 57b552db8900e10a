-- Accounts, sessions, emergency data, referrals and physical orders
-- (docs/design/admin-corporate.md §3, database-level entity list). Medical data and
-- shipping addresses are AES-256-GCM ciphertext sealed by the service.

-- +goose Up
CREATE TABLE users (
    id                      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email                   text NOT NULL UNIQUE,
    password_hash           text NOT NULL DEFAULT '',
    first_name              text NOT NULL DEFAULT '',
    last_name               text NOT NULL DEFAULT '',
    profile_image_url       text NOT NULL DEFAULT '',
    stripe_customer_id      text NOT NULL DEFAULT '',
    stripe_subscription_id  text NOT NULL DEFAULT '',
    has_print_access        boolean NOT NULL DEFAULT false,
    referral_code           text UNIQUE,
    referred_by_code        text NOT NULL DEFAULT '',
    reset_token_hash        bytea UNIQUE,
    reset_token_expiry      timestamptz,
    organization_id         bigint,
    user_type               text NOT NULL DEFAULT 'individual',
    project_id              bigint,
    department              text NOT NULL DEFAULT '',
    employee_id             text NOT NULL DEFAULT '',
    job_title               text NOT NULL DEFAULT '',
    is_admin                boolean NOT NULL DEFAULT false,
    is_active               boolean NOT NULL DEFAULT true,
    created_at              timestamptz NOT NULL,
    updated_at              timestamptz NOT NULL
);

CREATE TABLE emergency_data (
    user_id             bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    personal_info       bytea NOT NULL,
    emergency_contacts  bytea NOT NULL,
    medical_info        bytea NOT NULL,
    last_modified       text NOT NULL DEFAULT '',
    updated_at          timestamptz NOT NULL
);

-- Sessions are keyed by user id rather than e-mail, so deleting the user
-- deletes them; session_token holds the SHA-256 of the token, never the token.
CREATE TABLE user_sessions (
    session_token  bytea PRIMARY KEY,
    user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_data   text NOT NULL DEFAULT '{}',
    expires_at     timestamptz NOT NULL,
    created_at     timestamptz NOT NULL
);
CREATE INDEX user_sessions_user_id ON user_sessions (user_id);
CREATE INDEX user_sessions_expires_at ON user_sessions (expires_at);

CREATE TABLE referrals (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    referral_code   text NOT NULL,
    referrer_email  text NOT NULL,
    referred_email  text NOT NULL DEFAULT '',
    reward_claimed  boolean NOT NULL DEFAULT false,
    created_at      timestamptz NOT NULL
);
CREATE INDEX referrals_referral_code ON referrals (referral_code);
CREATE INDEX referrals_referrer_email ON referrals (referrer_email);
CREATE INDEX referrals_referred_email ON referrals (referred_email);

CREATE TABLE physical_orders (
    id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id           text NOT NULL UNIQUE,
    user_id            bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    label_type         text NOT NULL,
    quantity           integer NOT NULL DEFAULT 1 CHECK (quantity >= 1),
    price_pence        integer NOT NULL,
    shipping_address   bytea,
    status             text NOT NULL DEFAULT 'pending',
    tracking_number    text NOT NULL DEFAULT '',
    stripe_payment_id  text NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL
);
CREATE INDEX physical_orders_user_id ON physical_orders (user_id);

-- +goose Down
DROP TABLE physical_orders;
DROP TABLE referrals;
DROP TABLE user_sessions;
DROP TABLE emergency_data;
DROP TABLE users;
