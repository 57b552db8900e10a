package cache

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
)

// Library is an organisation's library as cached: its codes (with their
// records and QR texts), projects, templates and quota, and why the cloud
// said printing is paused at that sync ("" when it is not).
type Library struct {
	OrganizationID int64              `json:"organizationId"`
	Codes          []api.LibraryCode  `json:"-"` // one sealed row each
	Projects       []api.Project      `json:"projects"`
	Templates      []api.FormTemplate `json:"templates"`
	Quota          api.LibraryQuota   `json:"quota"`
	Paused         string             `json:"paused"`
}

const librarySyncedKey = "library-synced"

func codeRow(account string, id int64) string {
	return account + "/codes/" + strconv.FormatInt(id, 10)
}

func libraryRow(account string) string { return account + "/library" }

// ReplaceLibrary makes lib the account's cached library, in one
// transaction, and notes syncedAt.
func (db *DB) ReplaceLibrary(ctx context.Context, account string, lib Library, syncedAt time.Time) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM codes WHERE account = ?`, account); err != nil {
			return fmt.Errorf("cache: %w", err)
		}
		for _, c := range lib.Codes {
			sealed, err := db.sealJSON(c, codeRow(account, c.ID))
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO codes (account, code_id, sealed) VALUES (?, ?, ?)`,
				account, c.ID, sealed); err != nil {
				return fmt.Errorf("cache: %w", err)
			}
		}
		sealed, err := db.sealJSON(lib, libraryRow(account))
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO library (account, sealed) VALUES (?, ?)
			ON CONFLICT (account) DO UPDATE SET sealed = excluded.sealed`, account, sealed); err != nil {
			return fmt.Errorf("cache: %w", err)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO meta (account, key, value) VALUES (?, ?, ?)
			ON CONFLICT (account, key) DO UPDATE SET value = excluded.value`,
			account, librarySyncedKey, syncedAt.UTC().Format(time.RFC3339Nano))
		if err != nil {
			return fmt.Errorf("cache: %w", err)
		}
		return nil
	})
}

// Library returns the account's cached library (codes in id order) and
// when it was synced; a never-synced account has an empty library.
func (db *DB) Library(ctx context.Context, account string) (Library, time.Time, error) {
	var lib Library
	var sealed []byte
	err := db.sql.QueryRowContext(ctx, `SELECT sealed FROM library WHERE account = ?`, account).Scan(&sealed)
	if err == sql.ErrNoRows {
		return lib, time.Time{}, nil
	}
	if err != nil {
		return lib, time.Time{}, fmt.Errorf("cache: %w", err)
	}
	if err := db.openJSON(sealed, libraryRow(account), &lib); err != nil {
		return lib, time.Time{}, err
	}
	rows, err := db.sql.QueryContext(ctx, `SELECT code_id, sealed FROM codes WHERE account = ? ORDER BY code_id`, account)
	if err != nil {
		return lib, time.Time{}, fmt.Errorf("cache: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var sealed []byte
		if err := rows.Scan(&id, &sealed); err != nil {
			return lib, time.Time{}, fmt.Errorf("cache: %w", err)
		}
		var c api.LibraryCode
		if err := db.openJSON(sealed, codeRow(account, id), &c); err != nil {
			return lib, time.Time{}, err
		}
		lib.Codes = append(lib.Codes, c)
	}
	if err := rows.Err(); err != nil {
		return lib, time.Time{}, fmt.Errorf("cache: %w", err)
	}
	synced, err := db.Time(ctx, account, librarySyncedKey)
	return lib, synced, err
}
