package sqldb_test

import (
	"context"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// Codes and projects written before their names were kept folded (no
// search_name) are folded when the store opens, so the library's search
// finds them without their accents too.
func TestOpenFoldsNamesWrittenBefore(t *testing.T) {
	ctx := context.Background()
	for _, backend := range []struct {
		name string
		// opener returns how to open the same database again and again.
		opener func(t *testing.T) func() (*sqldb.DB, error)
	}{
		{"sqlite", func(t *testing.T) func() (*sqldb.DB, error) {
			dir := t.TempDir()
			return func() (*sqldb.DB, error) { return sqldb.OpenSQLite(ctx, dir) }
		}},
		{"postgres", func(t *testing.T) func() (*sqldb.DB, error) {
			conn := storetest.PostgresSchema(t)
			return func() (*sqldb.DB, error) { return sqldb.OpenPostgres(ctx, conn) }
		}},
	} {
		t.Run(backend.name, func(t *testing.T) {
			open := backend.opener(t)
			db, err := open()
			if err != nil {
				t.Fatal(err)
			}
			org := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
				SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
			storetest.MustCreateOrganization(t, db, org)
			site := &cloud.Project{OrganizationID: org.ID, Name: "Zürich", Status: cloud.ProjectActive, CreatedAt: storetest.T0}
			if err := db.CreateProject(ctx, site, &cloud.Activity{OrganizationID: org.ID, Kind: "x", CreatedAt: storetest.T0}); err != nil {
				t.Fatal(err)
			}
			storetest.MustCreateCode(t, db, &cloud.CorporateCode{OrganizationID: org.ID, Name: "Ann Rider", ProjectID: site.ID})
			storetest.MustCreateCode(t, db, &cloud.CorporateCode{OrganizationID: org.ID, Name: "José Núñez"})
			for _, forget := range []string{`UPDATE projects SET search_name = NULL`, `UPDATE organization_qr_codes SET search_name = NULL`} {
				if err := db.SeedRows(ctx, forget); err != nil {
					t.Fatal(err)
				}
			}
			found := func(db *sqldb.DB, search string) int {
				n, err := db.CountCodes(ctx, org.ID, cloud.CodeFilter{Search: search})
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
			if n := found(db, "nunez"); n != 0 {
				t.Fatalf("a name without its fold found %d times", n)
			}
			db.Close()

			db, err = open()
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if n := found(db, "nunez"); n != 1 {
				t.Errorf("nunez found %d codes after opening, want 1", n)
			}
			if n := found(db, "zurich"); n != 1 {
				t.Errorf("zurich found %d codes after opening, want 1 (by its project)", n)
			}
		})
	}
}
