package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// Single sign-on: organization_sso, sso_domains, sso_logins,
// station_sso_codes.

func (db *DB) FindSSOConfig(ctx context.Context, organizationID int64) (*cloud.SSOConfig, error) {
	return findSSOConfig(db.conn(ctx), organizationID)
}

func findSSOConfig(c conn, organizationID int64) (*cloud.SSOConfig, error) {
	cfg := cloud.SSOConfig{OrganizationID: organizationID}
	err := c.queryRow(`SELECT issuer, client_id, client_secret, require_sso, updated_at
		FROM organization_sso WHERE organization_id = $1`, organizationID).
		Scan(&cfg.Issuer, &cfg.ClientID, &cfg.ClientSecret, &cfg.RequireSSO, timeDest(&cfg.UpdatedAt))
	if err != nil {
		return nil, storeError(err, "single sign-on")
	}
	domains, err := list(c, "single sign-on domains", scanSSODomain, `SELECT organization_id, '', domain,
		requested_at, approved_at FROM sso_domains WHERE organization_id = $1 ORDER BY domain`, organizationID)
	if err != nil {
		return nil, err
	}
	for _, d := range domains {
		cfg.Domains = append(cfg.Domains, *d)
	}
	return &cfg, nil
}

func scanSSODomain(row scanner) (*cloud.SSODomain, error) {
	var d cloud.SSODomain
	err := row.Scan(&d.OrganizationID, &d.OrganizationName, &d.Domain, timeDest(&d.RequestedAt), timeDest(&d.ApprovedAt))
	return &d, err
}

func (db *DB) SaveSSOConfig(ctx context.Context, cfg *cloud.SSOConfig, domains []string) error {
	return db.inTx(ctx, func(c conn) error {
		if _, err := c.exec(`INSERT INTO organization_sso (organization_id, issuer, client_id, client_secret, require_sso, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (organization_id) DO UPDATE SET issuer = excluded.issuer, client_id = excluded.client_id,
				client_secret = excluded.client_secret, require_sso = excluded.require_sso, updated_at = excluded.updated_at`,
			cfg.OrganizationID, cfg.Issuer, cfg.ClientID, cfg.ClientSecret, cfg.RequireSSO, cfg.UpdatedAt); err != nil {
			return storeError(err, "single sign-on")
		}
		keep := map[string]bool{}
		for _, d := range domains {
			keep[d] = true
			var taken int
			if err := c.queryRow(`SELECT count(*) FROM sso_domains WHERE domain = $1 AND organization_id <> $2
				AND approved_at IS NOT NULL`, d, cfg.OrganizationID).Scan(&taken); err != nil {
				return storeError(err, "single sign-on domain")
			}
			if taken > 0 {
				return cloud.NewError(cloud.ECONFLICT, cloud.MsgSSODomainTaken)
			}
			if _, err := c.exec(`INSERT INTO sso_domains (organization_id, domain, requested_at) VALUES ($1, $2, $3)
				ON CONFLICT (organization_id, domain) DO NOTHING`, cfg.OrganizationID, d, cfg.UpdatedAt); err != nil {
				return storeError(err, "single sign-on domain")
			}
		}
		old, err := list(c, "single sign-on domains", scanSSODomain, `SELECT organization_id, '', domain,
			requested_at, approved_at FROM sso_domains WHERE organization_id = $1`, cfg.OrganizationID)
		if err != nil {
			return err
		}
		for _, d := range old {
			if !keep[d.Domain] {
				if _, err := c.exec(`DELETE FROM sso_domains WHERE organization_id = $1 AND domain = $2`,
					cfg.OrganizationID, d.Domain); err != nil {
					return storeError(err, "single sign-on domain")
				}
			}
		}
		return nil
	})
}

func (db *DB) FindSSOByDomain(ctx context.Context, domain string) (*cloud.SSOConfig, error) {
	c := db.conn(ctx)
	var orgID int64
	if err := c.queryRow(`SELECT sso_domains.organization_id FROM sso_domains
		JOIN organization_sso ON organization_sso.organization_id = sso_domains.organization_id
		WHERE sso_domains.domain = $1 AND sso_domains.approved_at IS NOT NULL`, domain).Scan(&orgID); err != nil {
		return nil, storeError(err, "single sign-on domain")
	}
	return findSSOConfig(c, orgID)
}

func (db *DB) ListSSODomains(ctx context.Context) ([]*cloud.SSODomain, error) {
	return list(db.conn(ctx), "single sign-on domains", scanSSODomain, `SELECT sso_domains.organization_id,
		organizations.name, sso_domains.domain, sso_domains.requested_at, sso_domains.approved_at
		FROM sso_domains JOIN organizations ON organizations.id = sso_domains.organization_id
		ORDER BY sso_domains.approved_at IS NOT NULL, sso_domains.domain`+db.dialect.byteOrder+`, sso_domains.organization_id`)
}

func (db *DB) ApproveSSODomain(ctx context.Context, organizationID int64, domain string, now time.Time) error {
	n, err := db.conn(ctx).exec(`UPDATE sso_domains SET approved_at = coalesce(approved_at, $3)
		WHERE organization_id = $1 AND domain = $2`, organizationID, domain, now)
	if err != nil {
		if cloud.ErrorCode(storeError(err, "")) == cloud.ECONFLICT {
			return cloud.NewError(cloud.ECONFLICT, cloud.MsgSSODomainTaken)
		}
		return storeError(err, "single sign-on domain")
	}
	if n == 0 {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgSSODomainNotFound)
	}
	return nil
}

func (db *DB) CreateSSOLogin(ctx context.Context, l *cloud.SSOLogin) error {
	_, err := db.conn(ctx).exec(`INSERT INTO sso_logins (state_hash, browser_hash, organization_id, nonce,
		code_verifier, station_redirect, station_challenge, station_state, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, l.StateHash, l.BrowserHash, l.OrganizationID, l.Nonce,
		l.CodeVerifier, l.StationRedirect, l.StationChallenge, l.StationState, l.ExpiresAt)
	return storeError(err, "single sign-on")
}

func (db *DB) TakeSSOLogin(ctx context.Context, stateHash []byte, now time.Time) (*cloud.SSOLogin, error) {
	l := cloud.SSOLogin{StateHash: stateHash}
	err := db.inTx(ctx, func(c conn) error {
		// Expired ones go too: nothing else needs them.
		if _, err := c.exec(`DELETE FROM sso_logins WHERE expires_at <= $1`, now); err != nil {
			return storeError(err, "single sign-on")
		}
		return storeError(c.queryRow(`DELETE FROM sso_logins WHERE state_hash = $1
			RETURNING browser_hash, organization_id, nonce, code_verifier, station_redirect, station_challenge,
			station_state, expires_at`, stateHash).Scan(&l.BrowserHash, &l.OrganizationID, &l.Nonce, &l.CodeVerifier,
			&l.StationRedirect, &l.StationChallenge, &l.StationState, timeDest(&l.ExpiresAt)), "single sign-on")
	})
	if err != nil {
		return nil, err
	}
	return &l, nil
}

func (db *DB) CreateStationCode(ctx context.Context, sc *cloud.StationCode) error {
	_, err := db.conn(ctx).exec(`INSERT INTO station_sso_codes (code_hash, user_id, code_challenge, expires_at,
		parent_token, signed_in_with) VALUES ($1, $2, $3, $4, $5, $6)`,
		sc.CodeHash, sc.UserID, sc.CodeChallenge, sc.ExpiresAt, sc.ParentHash, sc.SignedInWith)
	return storeError(err, "station code")
}

func (db *DB) TakeStationCode(ctx context.Context, codeHash []byte, now time.Time) (*cloud.StationCode, error) {
	sc := cloud.StationCode{CodeHash: codeHash}
	err := db.inTx(ctx, func(c conn) error {
		if _, err := c.exec(`DELETE FROM station_sso_codes WHERE expires_at <= $1`, now); err != nil {
			return storeError(err, "station code")
		}
		return storeError(c.queryRow(`DELETE FROM station_sso_codes WHERE code_hash = $1
			RETURNING user_id, code_challenge, expires_at, parent_token, signed_in_with`, codeHash).
			Scan(&sc.UserID, &sc.CodeChallenge, timeDest(&sc.ExpiresAt), &sc.ParentHash, &sc.SignedInWith), "station code")
	})
	if err != nil {
		return nil, err
	}
	return &sc, nil
}
