-- Webhooks in step with the change: how many deliveries at once an
-- endpoint takes (its organisation may lower it), since when an endpoint
-- turned off may have missed changes (the changes feed from then on holds
-- them), and the index a delivery job's claim of its endpoint's due
-- messages reads.

-- +goose Up
ALTER TABLE webhook_endpoints ADD COLUMN concurrency integer NOT NULL DEFAULT 8;
ALTER TABLE webhook_endpoints ADD COLUMN missed_since text;
CREATE INDEX webhook_messages_endpoint_due ON webhook_messages (endpoint_id, next_attempt_at) WHERE status = 'pending';

-- +goose Down
DROP INDEX webhook_messages_endpoint_due;
ALTER TABLE webhook_endpoints DROP COLUMN missed_since;
ALTER TABLE webhook_endpoints DROP COLUMN concurrency;
