package sqldb

import (
	"context"
	"fmt"

	"github.com/lifetag/lifetag/pkg/emergency"
)

// searchNameTables keep a name and its search_name, the name folded by
// emergency.FoldForSearch, which the library's search matches.
var searchNameTables = []string{"organization_qr_codes", "projects"}

// foldSearchNamesBatch is how many rows one transaction of
// foldSearchNames fills.
const foldSearchNamesBatch = 500

// foldSearchNames fills search_name where it is missing: rows written
// before the column was added (00131_search_names), which the migration
// could not fill because the fold is Go's. Every write since sets it, so
// after the first start this finds nothing.
func (db *DB) foldSearchNames(ctx context.Context) error {
	type named struct {
		id   int64
		name string
	}
	for _, table := range searchNameTables {
		for {
			rows, err := list(db.conn(ctx), table, func(row scanner) (*named, error) {
				var n named
				err := row.Scan(&n.id, &n.name)
				return &n, err
			}, fmt.Sprintf(`SELECT id, name FROM %s WHERE search_name IS NULL ORDER BY id LIMIT %d`,
				table, foldSearchNamesBatch))
			if err != nil {
				return err
			}
			if len(rows) == 0 {
				break
			}
			err = db.inTx(ctx, func(c conn) error {
				for _, r := range rows {
					// A row renamed meanwhile got its fold from that write.
					if _, err := c.exec(`UPDATE `+table+` SET search_name = $2
						WHERE id = $1 AND name = $3 AND search_name IS NULL`,
						r.id, emergency.FoldForSearch(r.name), r.name); err != nil {
						return storeError(err, table)
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
	}
	return db.spellSearchLatin(ctx)
}

// spellSearchLatin fills the codes' search_latin where it is missing: rows
// written before the column was added (00230_search_latin), spelt by Go
// as every write since spells them. The same statements run on SQLite and
// PostgreSQL, in batches, so a large library is filled without one long
// transaction.
func (db *DB) spellSearchLatin(ctx context.Context) error {
	type named struct {
		id   int64
		name string
	}
	for {
		rows, err := list(db.conn(ctx), "qr codes", func(row scanner) (*named, error) {
			var n named
			err := row.Scan(&n.id, &n.name)
			return &n, err
		}, fmt.Sprintf(`SELECT id, name FROM organization_qr_codes WHERE search_latin IS NULL ORDER BY id LIMIT %d`,
			foldSearchNamesBatch))
		if err != nil || len(rows) == 0 {
			return err
		}
		err = db.inTx(ctx, func(c conn) error {
			for _, r := range rows {
				// A row renamed meanwhile got its spelling from that write.
				if _, err := c.exec(`UPDATE organization_qr_codes SET search_latin = $2
					WHERE id = $1 AND name = $3 AND search_latin IS NULL`,
					r.id, emergency.LatinForSearch(r.name), r.name); err != nil {
					return storeError(err, "qr codes")
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
}
