package sqldb_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// reopenable are both stores, each with how to open the same database
// again and again.
var reopenable = []struct {
	name   string
	opener func(t *testing.T) func() (*sqldb.DB, error)
}{
	{"sqlite", func(t *testing.T) func() (*sqldb.DB, error) {
		dir := t.TempDir()
		return func() (*sqldb.DB, error) { return sqldb.OpenSQLite(context.Background(), dir) }
	}},
	{"postgres", func(t *testing.T) func() (*sqldb.DB, error) {
		conn := storetest.PostgresSchema(t)
		return func() (*sqldb.DB, error) { return sqldb.OpenPostgres(context.Background(), conn) }
	}},
}

// Codes and projects written before their names were kept folded (no
// search_name) are folded when the store opens, so the library's search
// finds them without their accents too.
func TestOpenFoldsNamesWrittenBefore(t *testing.T) {
	ctx := context.Background()
	for _, backend := range reopenable {
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

// A worker whose name an English keyboard cannot type is found by its
// Latin spelling, by the employee number shown in the row and by the
// code's id; codes written before the spelling was kept are spelt when the
// store opens.
func TestSearchFindsNamesInOtherScripts(t *testing.T) {
	ctx := context.Background()
	for _, backend := range reopenable {
		t.Run(backend.name, func(t *testing.T) {
			open := backend.opener(t)
			db, err := open()
			if err != nil {
				t.Fatal(err)
			}
			org := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
				SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
			storetest.MustCreateOrganization(t, db, org)
			wang := storetest.MustCreateCode(t, db, &cloud.CorporateCode{OrganizationID: org.ID, Name: "王秀英"})
			muhammad := storetest.MustCreateCode(t, db, &cloud.CorporateCode{OrganizationID: org.ID, Name: "محمد العتيبي", ExternalID: "EMP-4471"})
			storetest.MustCreateCode(t, db, &cloud.CorporateCode{OrganizationID: org.ID, Name: "أحمد"})
			storetest.MustCreateCode(t, db, &cloud.CorporateCode{OrganizationID: org.ID, Name: "José Núñez", ExternalID: "BF-0101"})
			found := func(db *sqldb.DB, search string) []int64 {
				codes, err := db.ListCodes(ctx, org.ID, cloud.CodeFilter{Search: search})
				if err != nil {
					t.Fatal(err)
				}
				ids := []int64{}
				for _, c := range codes {
					ids = append(ids, c.ID)
				}
				return ids
			}
			check := func(db *sqldb.DB) {
				t.Helper()
				for search, want := range map[string]int64{
					"Wang Xiuying": wang.ID, "xiuying wang": wang.ID, "Muhammad": muhammad.ID,
					"mohammed otaibi": muhammad.ID, "emp-4471": muhammad.ID, "4471": muhammad.ID,
					strconv.FormatInt(muhammad.ID, 10): muhammad.ID, "王秀英": wang.ID,
				} {
					if got := found(db, search); len(got) != 1 || got[0] != want {
						t.Errorf("%q found %v, want [%d]", search, got, want)
					}
				}
				if got := found(db, "nunez"); len(got) != 1 {
					t.Errorf("nunez found %v", got)
				}
			}
			check(db)
			// Codes written before the column: spelt when the store opens.
			if err := db.SeedRows(ctx, `UPDATE organization_qr_codes SET search_latin = NULL`); err != nil {
				t.Fatal(err)
			}
			if got := found(db, "Wang Xiuying"); len(got) != 0 {
				t.Fatalf("a name without its spelling found: %v", got)
			}
			db.Close()
			if db, err = open(); err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			check(db)
		})
	}
}
