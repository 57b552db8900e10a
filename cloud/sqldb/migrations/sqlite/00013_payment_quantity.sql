-- An order of printed labels is for a number of packs, priced on
-- the server (packs x 999 pence). Payments made before this were one pack.

-- +goose Up
ALTER TABLE payments ADD COLUMN quantity integer NOT NULL DEFAULT 1 CHECK (quantity >= 1);

-- +goose Down
ALTER TABLE payments DROP COLUMN quantity;
