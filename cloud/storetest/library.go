package storetest

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

func testProjects(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	acme := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
	owner := MustCreateOrganization(t, s, acme)
	other := &cloud.Organization{Name: "Other", ContactEmail: "boss@other.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
	MustCreateOrganization(t, s, other)

	p := &cloud.Project{OrganizationID: acme.ID, Name: "North site", Description: "line 1\nline 2",
		Status: cloud.ProjectActive, CreatedBy: owner.ID, CreatedAt: T0}
	must(t, s.CreateProject(ctx, p, &cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityProjectCreated,
		Detail: p.Name, CreatedAt: T0}))
	if p.ID == 0 {
		t.Fatal("CreateProject did not set the id")
	}
	MustCreateCode(t, s, &cloud.CorporateCode{OrganizationID: acme.ID, ProjectID: p.ID, Name: "Ann"})
	MustCreateCode(t, s, &cloud.CorporateCode{OrganizationID: acme.ID, Name: "Bob"})

	t.Run("FindKeepsEveryFieldAndCountsCodes", func(t *testing.T) {
		got, err := s.FindProject(ctx, acme.ID, p.ID)
		must(t, err)
		if got.Name != "North site" || got.Description != "line 1\nline 2" || got.Status != cloud.ProjectActive ||
			got.CreatedBy != owner.ID || !got.CreatedAt.Equal(T0) || got.CodeCount != 1 || got.OrganizationID != acme.ID {
			t.Fatalf("project %+v", got)
		}
		list, err := s.ListProjects(ctx, acme.ID)
		must(t, err)
		if len(list) != 1 || list[0].ID != p.ID || list[0].CodeCount != 1 {
			t.Fatalf("projects %+v", list)
		}
	})
	t.Run("OtherOrganizationNotFound", func(t *testing.T) {
		_, err := s.FindProject(ctx, other.ID, p.ID)
		wantCode(t, err, cloud.ENOTFOUND)
		list, err := s.ListProjects(ctx, other.ID)
		must(t, err)
		if len(list) != 0 {
			t.Fatalf("other organisation sees %+v", list)
		}
		stolen := *p
		stolen.OrganizationID, stolen.Name = other.ID, "Stolen"
		wantCode(t, s.UpdateProject(ctx, &stolen, &cloud.Activity{OrganizationID: other.ID, Kind: "x", CreatedAt: T0}),
			cloud.ENOTFOUND)
	})
	t.Run("Update", func(t *testing.T) {
		p.Name, p.Description, p.Status = "South site", "", cloud.ProjectCompleted
		must(t, s.UpdateProject(ctx, p, &cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityProjectUpdated,
			Detail: p.Name, CreatedAt: T0}))
		got, err := s.FindProject(ctx, acme.ID, p.ID)
		must(t, err)
		if got.Name != "South site" || got.Description != "" || got.Status != cloud.ProjectCompleted {
			t.Fatalf("updated project %+v", got)
		}
		activity, err := s.ListActivity(ctx, acme.ID, 10)
		must(t, err)
		if len(activity) < 2 || activity[0].Kind != cloud.ActivityProjectUpdated {
			t.Fatalf("activity %+v", activity)
		}
		counts, err := s.CountOrganization(ctx, acme.ID)
		must(t, err)
		if counts.Projects != 1 || counts.QRCodes != 2 {
			t.Fatalf("counts %+v", counts)
		}
	})
}

// MustCreateCode creates one code (defaults: helmet, active, manual, a
// sealed record of "sealed-<name>", created at T0).
func MustCreateCode(t testing.TB, s cloud.Store, c *cloud.CorporateCode) *cloud.CorporateCode {
	t.Helper()
	if c.LabelType == "" {
		c.LabelType = "helmet"
	}
	if c.Source == "" {
		c.Source = cloud.CodeSourceManual
	}
	if c.CreatedAt.IsZero() {
		c.CreatedAt = T0
	}
	if c.Sealed == nil {
		c.Sealed = []byte("sealed-" + c.Name)
	}
	c.IsActive = true
	must(t, s.CreateCodes(context.Background(), []*cloud.CorporateCode{c},
		&cloud.Activity{OrganizationID: c.OrganizationID, Kind: cloud.ActivityCodeCreated, Detail: c.Name, CreatedAt: c.CreatedAt}))
	return c
}

func testCodes(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, dump := open(t)
	ctx := context.Background()
	acme := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 5}
	owner := MustCreateOrganization(t, s, acme)
	other := &cloud.Organization{Name: "Other", ContactEmail: "boss@other.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 5}
	MustCreateOrganization(t, s, other)
	p := &cloud.Project{OrganizationID: acme.ID, Name: "North", Status: cloud.ProjectActive, CreatedAt: T0}
	must(t, s.CreateProject(ctx, p, &cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityProjectCreated, CreatedAt: T0}))
	otherProject := &cloud.Project{OrganizationID: other.ID, Name: "Theirs", Status: cloud.ProjectActive, CreatedAt: T0}
	must(t, s.CreateProject(ctx, otherProject, &cloud.Activity{OrganizationID: other.ID, Kind: cloud.ActivityProjectCreated, CreatedAt: T0}))

	ann := MustCreateCode(t, s, &cloud.CorporateCode{OrganizationID: acme.ID, ProjectID: p.ID, TemplateName: "Standard Emergency Form",
		Name: "Ann", LabelType: "gear", Source: cloud.CodeSourceImport, MissingFields: 2, CreatedBy: owner.ID,
		Sealed: []byte{0, 1, 2, 0xff}})

	t.Run("FindKeepsEveryField", func(t *testing.T) {
		got, err := s.FindCode(ctx, acme.ID, ann.ID)
		must(t, err)
		if got.OrganizationID != acme.ID || got.ProjectID != p.ID || got.ProjectName != "North" || got.TemplateID != 0 ||
			got.TemplateName != "Standard Emergency Form" || got.Name != "Ann" || got.LabelType != "gear" || !got.IsActive ||
			got.Source != cloud.CodeSourceImport || got.MissingFields != 2 || got.CreatedBy != owner.ID ||
			!bytes.Equal(got.Sealed, []byte{0, 1, 2, 0xff}) || !got.CreatedAt.Equal(T0) || !got.UpdatedAt.Equal(T0) {
			t.Fatalf("code %+v", got)
		}
	})
	t.Run("OtherOrganizationNotFound", func(t *testing.T) {
		_, err := s.FindCode(ctx, other.ID, ann.ID)
		wantCode(t, err, cloud.ENOTFOUND)
		wantCode(t, s.DeleteCode(ctx, other.ID, ann.ID, &cloud.Activity{OrganizationID: other.ID, Kind: "x", CreatedAt: T0}),
			cloud.ENOTFOUND)
		stolen := *ann
		stolen.OrganizationID = other.ID
		wantCode(t, s.UpdateCode(ctx, &stolen, &cloud.Activity{OrganizationID: other.ID, Kind: "x", CreatedAt: T0}),
			cloud.ENOTFOUND)
		list, err := s.ListCodes(ctx, other.ID, cloud.CodeFilter{})
		must(t, err)
		if len(list) != 0 {
			t.Fatalf("other organisation lists %+v", list)
		}
	})
	t.Run("AnotherOrganizationsProjectRefused", func(t *testing.T) {
		c := &cloud.CorporateCode{OrganizationID: acme.ID, ProjectID: otherProject.ID, Name: "X", LabelType: "helmet",
			Source: cloud.CodeSourceManual, Sealed: []byte("x"), CreatedAt: T0}
		err := s.CreateCodes(ctx, []*cloud.CorporateCode{c}, &cloud.Activity{OrganizationID: acme.ID, Kind: "x", CreatedAt: T0})
		wantCode(t, err, cloud.ENOTFOUND)
		moved := *ann
		moved.ProjectID = otherProject.ID
		wantCode(t, s.UpdateCode(ctx, &moved, &cloud.Activity{OrganizationID: acme.ID, Kind: "x", CreatedAt: T0}), cloud.ENOTFOUND)
	})
	t.Run("Update", func(t *testing.T) {
		later := T0.Add(time.Hour)
		u := *ann
		u.Name, u.ProjectID, u.LabelType, u.IsActive, u.Sealed, u.MissingFields, u.UpdatedAt =
			"Ann B", 0, "wallet", false, []byte("new"), 0, later
		must(t, s.UpdateCode(ctx, &u, &cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityCodeUpdated, CreatedAt: later}))
		got, err := s.FindCode(ctx, acme.ID, ann.ID)
		must(t, err)
		if got.Name != "Ann B" || got.ProjectID != 0 || got.ProjectName != "" || got.LabelType != "wallet" || got.IsActive ||
			string(got.Sealed) != "new" || got.MissingFields != 0 || !got.UpdatedAt.Equal(later) || !got.CreatedAt.Equal(T0) ||
			got.Source != cloud.CodeSourceImport {
			t.Fatalf("updated code %+v", got)
		}
	})
	t.Run("ReviewDate", func(t *testing.T) {
		// A new code counts as reviewed when made; an update keeps the date
		// it is given; a confirmation moves it (and the updated time) alone.
		bea := MustCreateCode(t, s, &cloud.CorporateCode{OrganizationID: acme.ID, Name: "Bea"})
		got, err := s.FindCode(ctx, acme.ID, bea.ID)
		must(t, err)
		if !got.ReviewedAt.Equal(T0) {
			t.Fatalf("a new code's review date %s, want its creation %s", got.ReviewedAt, T0)
		}
		edited := T0.Add(2 * time.Hour)
		got.UpdatedAt, got.ReviewedAt, got.Sealed = edited, edited, []byte("edited")
		must(t, s.UpdateCode(ctx, got, &cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityCodeUpdated, CreatedAt: edited}))
		deactivated := *got
		deactivated.IsActive, deactivated.UpdatedAt = false, T0.Add(3*time.Hour)
		must(t, s.UpdateCode(ctx, &deactivated, &cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityCodeUpdated, CreatedAt: T0}))
		if got, err = s.FindCode(ctx, acme.ID, bea.ID); err != nil || !got.ReviewedAt.Equal(edited) {
			t.Fatalf("review date %s (%v) after an edit and a deactivation, want %s", got.ReviewedAt, err, edited)
		}
		confirmed := T0.Add(5 * time.Hour)
		wantCode(t, s.ConfirmCode(ctx, other.ID, bea.ID, confirmed, &cloud.Activity{OrganizationID: other.ID, Kind: "x",
			CreatedAt: confirmed}), cloud.ENOTFOUND)
		must(t, s.ConfirmCode(ctx, acme.ID, bea.ID, confirmed, &cloud.Activity{OrganizationID: acme.ID,
			Kind: cloud.ActivityCodeConfirmed, CreatedAt: confirmed}))
		after, err := s.FindCode(ctx, acme.ID, bea.ID)
		must(t, err)
		if !after.ReviewedAt.Equal(confirmed) || !after.UpdatedAt.Equal(confirmed) || string(after.Sealed) != "edited" ||
			after.Name != "Bea" || after.IsActive {
			t.Fatalf("confirmed code %+v, want reviewed and updated at %s and nothing else changed", after, confirmed)
		}
		must(t, s.DeleteCode(ctx, acme.ID, bea.ID, &cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityCodeDeleted, CreatedAt: confirmed}))
	})
	t.Run("QuotaCountsEveryCodeAndRefusesTheWholeBatch", func(t *testing.T) {
		// 1 code (inactive now) + 4 = the quota of 5; 2 more would pass it.
		batch := func(n int, prefix string) []*cloud.CorporateCode {
			var codes []*cloud.CorporateCode
			for i := range n {
				codes = append(codes, &cloud.CorporateCode{OrganizationID: acme.ID, Name: fmt.Sprintf("%s %d", prefix, i),
					LabelType: "helmet", IsActive: true, Source: cloud.CodeSourceImport, Sealed: []byte("x"), CreatedAt: T0})
			}
			return codes
		}
		act := &cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityCodesImported, Detail: "5", CreatedAt: T0}
		err := s.CreateCodes(ctx, batch(5, "Too many"), act)
		wantCode(t, err, cloud.ECONFLICT)
		if cloud.ErrorMessage(err) != cloud.ErrorMessage(cloud.QuotaError(5, 1, 5)) {
			t.Fatalf("message %q", cloud.ErrorMessage(err))
		}
		list, err := s.ListCodes(ctx, acme.ID, cloud.CodeFilter{})
		must(t, err)
		if len(list) != 1 {
			t.Fatalf("a refused batch left %d codes", len(list))
		}
		for _, row := range dump(t)["organization_activity"] {
			if row["kind"] == cloud.ActivityCodesImported {
				t.Fatal("a refused batch left its activity")
			}
		}
		codes := batch(4, "Fits")
		must(t, s.CreateCodes(ctx, codes, act))
		for _, c := range codes {
			if c.ID == 0 {
				t.Fatal("CreateCodes did not set an id")
			}
		}
		list, err = s.ListCodes(ctx, acme.ID, cloud.CodeFilter{})
		must(t, err)
		if len(list) != 5 || list[0].ID <= list[4].ID {
			t.Fatalf("%d codes, want 5 newest first", len(list))
		}
		err = s.CreateCodes(ctx, batch(1, "One more"), act)
		wantCode(t, err, cloud.ECONFLICT)
		if cloud.ErrorMessage(err) != "Your plan allows 5 QR codes. Delete unused codes or upgrade your plan." {
			t.Fatalf("message %q", cloud.ErrorMessage(err))
		}
		must(t, s.DeleteCode(ctx, acme.ID, codes[0].ID, &cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityCodeDeleted, CreatedAt: T0}))
		must(t, s.CreateCodes(ctx, batch(1, "Room again"), act))
	})
	t.Run("InactiveOrganizationRefused", func(t *testing.T) {
		must(t, s.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
			o, err := tx.LockOrganization(other.ID)
			if err != nil {
				return err
			}
			o.SubscriptionStatus = cloud.SubscriptionInactive
			return tx.UpdateSubscription(o)
		}))
		c := &cloud.CorporateCode{OrganizationID: other.ID, Name: "X", LabelType: "helmet", Source: cloud.CodeSourceManual,
			Sealed: []byte("x"), CreatedAt: T0}
		err := s.CreateCodes(ctx, []*cloud.CorporateCode{c}, &cloud.Activity{OrganizationID: other.ID, Kind: "x", CreatedAt: T0})
		wantCode(t, err, cloud.EFORBIDDEN)
	})
	t.Run("Reseal", func(t *testing.T) {
		sealed, err := s.ListSealedCodes(ctx, 0, 100)
		must(t, err)
		if len(sealed) != 5 || sealed[0].ID >= sealed[1].ID {
			t.Fatalf("sealed codes %+v", sealed)
		}
		page, err := s.ListSealedCodes(ctx, sealed[0].ID, 2)
		must(t, err)
		if len(page) != 2 || page[0].ID != sealed[1].ID {
			t.Fatalf("page %+v", page)
		}
		first := sealed[0]
		wrote, err := s.ReplaceSealedCode(ctx, first.ID, []byte("not what is stored"), []byte("other"))
		must(t, err)
		if wrote {
			t.Fatal("replaced a record that had changed")
		}
		wrote, err = s.ReplaceSealedCode(ctx, first.ID, first.Sealed, []byte("resealed"))
		must(t, err)
		got, err := s.FindCode(ctx, first.OrganizationID, first.ID)
		must(t, err)
		if !wrote || string(got.Sealed) != "resealed" {
			t.Fatalf("wrote %v, sealed %q", wrote, got.Sealed)
		}
	})
}

// testCodeFilter: the library's search, filters and pages,
// combined, newest first, and counted alike.
func testCodeFilter(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	acme, other := twoOrganizations(t, s)
	north := &cloud.Project{OrganizationID: acme.ID, Name: "North Site Zürich", Status: cloud.ProjectActive, CreatedAt: T0}
	must(t, s.CreateProject(ctx, north, &cloud.Activity{OrganizationID: acme.ID, Kind: "x", CreatedAt: T0}))
	names := map[int64]string{}
	code := func(name string, projectID int64, active bool) {
		c := MustCreateCode(t, s, &cloud.CorporateCode{OrganizationID: acme.ID, ProjectID: projectID, Name: name})
		if !active {
			c.IsActive = false
			must(t, s.UpdateCode(ctx, c, &cloud.Activity{OrganizationID: acme.ID, Kind: "x", CreatedAt: T0}))
		}
		names[c.ID] = name
	}
	code("Ann Rider", north.ID, true)
	code("Bob Walker", 0, true)
	code("Cy 100%_done", 0, false)
	code("Di RIDER", north.ID, false)
	code("Eve Smith", north.ID, true)
	code("José Núñez", 0, true)
	code("Łukasz Wiśniewski", 0, true)
	code("Jürgen Schröder", 0, true)
	code("Søren Æbeltoft-Straße", 0, true)
	MustCreateCode(t, s, &cloud.CorporateCode{OrganizationID: other.ID, Name: "Ann Rider"})
	yes, no := true, false

	for _, tc := range []struct {
		name   string
		filter cloud.CodeFilter
		want   []string // newest first
		total  int
	}{
		{"Everything", cloud.CodeFilter{}, []string{"Søren Æbeltoft-Straße", "Jürgen Schröder", "Łukasz Wiśniewski",
			"José Núñez", "Eve Smith", "Di RIDER", "Cy 100%_done", "Bob Walker", "Ann Rider"}, 9},
		{"SearchAnywhereAnyCase", cloud.CodeFilter{Search: "rider"}, []string{"Di RIDER", "Ann Rider"}, 2},
		{"SearchProjectName", cloud.CodeFilter{Search: "north s"}, []string{"Eve Smith", "Di RIDER", "Ann Rider"}, 3},
		{"SearchWildcardsAreLiteral", cloud.CodeFilter{Search: "%_"}, []string{"Cy 100%_done"}, 1},
		{"SearchUnderscoreAlone", cloud.CodeFilter{Search: "0_d"}, nil, 0},
		{"SearchProjectNameWithoutAccents", cloud.CodeFilter{Search: "ZURICH"}, []string{"Eve Smith", "Di RIDER", "Ann Rider"}, 3},
		{"SearchWithoutAccents", cloud.CodeFilter{Search: "nunez"}, []string{"José Núñez"}, 1},
		{"SearchFirstNameWithoutAccents", cloud.CodeFilter{Search: "jose"}, []string{"José Núñez"}, 1},
		{"SearchAccentedCapitals", cloud.CodeFilter{Search: "NÚÑEZ"}, []string{"José Núñez"}, 1},
		{"SearchLetterWithoutDecomposition", cloud.CodeFilter{Search: "lukasz"}, []string{"Łukasz Wiśniewski"}, 1},
		{"SearchUmlautAsPlainVowel", cloud.CodeFilter{Search: "schroder"}, []string{"Jürgen Schröder"}, 1},
		{"SearchAccentedTermFindsPlain", cloud.CodeFilter{Search: "wiśniew"}, []string{"Łukasz Wiśniewski"}, 1},
		{"SearchLigaturesAndSharpS", cloud.CodeFilter{Search: "soren aebeltoft-strasse"}, []string{"Søren Æbeltoft-Straße"}, 1},
		{"NoProject", cloud.CodeFilter{NoProject: true}, []string{"Søren Æbeltoft-Straße", "Jürgen Schröder",
			"Łukasz Wiśniewski", "José Núñez", "Cy 100%_done", "Bob Walker"}, 6},
		{"OneProject", cloud.CodeFilter{ProjectID: north.ID}, []string{"Eve Smith", "Di RIDER", "Ann Rider"}, 3},
		{"Inactive", cloud.CodeFilter{Active: &no}, []string{"Di RIDER", "Cy 100%_done"}, 2},
		{"Combined", cloud.CodeFilter{Search: "RIDER", ProjectID: north.ID, Active: &yes}, []string{"Ann Rider"}, 1},
		{"FirstPage", cloud.CodeFilter{Limit: 2}, []string{"Søren Æbeltoft-Straße", "Jürgen Schröder"}, 9},
		{"LaterPage", cloud.CodeFilter{Limit: 2, Offset: 8}, []string{"Ann Rider"}, 9},
		{"PastTheEnd", cloud.CodeFilter{Limit: 2, Offset: 10}, nil, 9},
		{"PagedAndFiltered", cloud.CodeFilter{Active: &yes, Limit: 1, Offset: 5}, []string{"Bob Walker"}, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			list, err := s.ListCodes(ctx, acme.ID, tc.filter)
			must(t, err)
			var got []string
			for _, c := range list {
				if c.OrganizationID != acme.ID {
					t.Fatalf("another organisation's code %+v", c)
				}
				got = append(got, names[c.ID])
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("codes %q, want %q", got, tc.want)
			}
			total, err := s.CountCodes(ctx, acme.ID, tc.filter)
			must(t, err)
			if total != tc.total {
				t.Fatalf("count %d, want %d", total, tc.total)
			}
		})
	}
	t.Run("ProjectOfAnotherOrganization", func(t *testing.T) {
		list, err := s.ListCodes(ctx, other.ID, cloud.CodeFilter{ProjectID: north.ID})
		must(t, err)
		if len(list) != 0 {
			t.Fatalf("another organisation's project lists %d codes", len(list))
		}
	})
}

// testCodeQuotaRace: 20 concurrent creates for an organisation with room
// for fewer leave exactly its quota.
func testCodeQuotaRace(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	const limit = 7
	acme := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: limit}
	MustCreateOrganization(t, s, acme)
	MustCreateCode(t, s, &cloud.CorporateCode{OrganizationID: acme.ID, Name: "Existing"})

	var wg sync.WaitGroup
	errs := make([]error, 20)
	for i := range errs {
		wg.Go(func() {
			c := &cloud.CorporateCode{OrganizationID: acme.ID, Name: fmt.Sprintf("Worker %d", i), LabelType: "helmet",
				IsActive: true, Source: cloud.CodeSourceManual, Sealed: []byte("x"), CreatedAt: T0}
			errs[i] = s.CreateCodes(ctx, []*cloud.CorporateCode{c},
				&cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityCodeCreated, CreatedAt: T0})
		})
	}
	wg.Wait()
	created := 0
	for _, err := range errs {
		switch cloud.ErrorCode(err) {
		case "":
			created++
		case cloud.ECONFLICT:
		default:
			t.Fatalf("create: %v", err)
		}
	}
	list, err := s.ListCodes(ctx, acme.ID, cloud.CodeFilter{})
	must(t, err)
	if created != limit-1 || len(list) != limit {
		t.Fatalf("%d creates succeeded, %d codes stored; want %d and %d", created, len(list), limit-1, limit)
	}
}
