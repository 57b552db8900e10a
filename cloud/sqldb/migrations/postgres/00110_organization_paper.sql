-- The organisation's paper: batch printing starts on a
-- sheet of this size. labels.PaperSize values: 'a4' or 'letter'. Existing
-- organisations are British customers (the product sells in pounds): A4.

-- +goose Up
ALTER TABLE organizations ADD COLUMN paper_size text NOT NULL DEFAULT 'a4';

-- +goose Down
ALTER TABLE organizations DROP COLUMN paper_size;
