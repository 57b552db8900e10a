package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// An organisation's API keys: api_keys.

const apiKeyColumns = `id, organization_id, name, prefix, secret_hash, scope, expires_at,
	coalesce(created_by, 0), created_at, last_used_at, revoked_at FROM api_keys`

func scanAPIKey(row scanner) (*cloud.APIKey, error) {
	var k cloud.APIKey
	err := row.Scan(&k.ID, &k.OrganizationID, &k.Name, &k.Prefix, &k.SecretHash, &k.Scope, timeDest(&k.ExpiresAt),
		&k.CreatedBy, timeDest(&k.CreatedAt), timeDest(&k.LastUsedAt), timeDest(&k.RevokedAt))
	return &k, err
}

func (db *DB) CreateAPIKey(ctx context.Context, k *cloud.APIKey) error {
	err := db.conn(ctx).queryRow(`
		INSERT INTO api_keys (organization_id, name, prefix, secret_hash, scope, expires_at, created_by, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
		k.OrganizationID, k.Name, k.Prefix, k.SecretHash, k.Scope, nullTime(k.ExpiresAt), nullIfZero(k.CreatedBy),
		k.CreatedAt).Scan(&k.ID)
	return storeError(err, "API key")
}

func (db *DB) ListAPIKeys(ctx context.Context, organizationID int64) ([]*cloud.APIKey, error) {
	return list(db.conn(ctx), "API keys", scanAPIKey, `SELECT `+apiKeyColumns+`
		WHERE organization_id = $1 ORDER BY id DESC`, organizationID)
}

func (db *DB) FindAPIKeyByHash(ctx context.Context, secretHash []byte) (*cloud.APIKey, error) {
	k, err := scanAPIKey(db.conn(ctx).queryRow(`SELECT `+apiKeyColumns+` WHERE secret_hash = $1`, secretHash))
	if err != nil {
		return nil, storeError(err, "API key")
	}
	return k, nil
}

func (db *DB) RevokeAPIKey(ctx context.Context, organizationID, keyID int64, now time.Time) (*cloud.APIKey, error) {
	var k *cloud.APIKey
	err := db.inTx(ctx, func(c conn) error {
		if _, err := c.exec(`UPDATE api_keys SET revoked_at = coalesce(revoked_at, $3)
			WHERE organization_id = $1 AND id = $2`, organizationID, keyID, now); err != nil {
			return storeError(err, "API key")
		}
		var err error
		k, err = scanAPIKey(c.queryRow(`SELECT `+apiKeyColumns+` WHERE organization_id = $1 AND id = $2`,
			organizationID, keyID))
		if err != nil {
			if cloud.ErrorCode(storeError(err, "API key")) == cloud.ENOTFOUND {
				return cloud.NewError(cloud.ENOTFOUND, cloud.MsgAPIKeyNotFound)
			}
			return storeError(err, "API key")
		}
		return nil
	})
	return k, err
}

func (db *DB) TouchAPIKey(ctx context.Context, keyID int64, now time.Time) error {
	_, err := db.conn(ctx).exec(`UPDATE api_keys SET last_used_at = $2
		WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3)`, keyID, now, now.Add(-cloud.APIKeyTouchEvery))
	return storeError(err, "API key")
}
