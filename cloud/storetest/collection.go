package storetest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// seeder lays down rows whose store methods belong to other parts of the
// corporate workspace (sqldb.DB.SeedRows).
type seeder interface {
	SeedRows(ctx context.Context, query string, args ...any) error
}

func seed(t testing.TB, s cloud.Store, query string, args ...any) {
	t.Helper()
	sd, ok := s.(seeder)
	if !ok {
		t.Fatalf("%T cannot seed rows", s)
	}
	must(t, sd.SeedRows(context.Background(), query, args...))
}

// seedProject adds a project to an organisation. Ids are given in order
// from 1 in a fresh store; callers note the one they expect.
// twoOrganizations makes Acme and Other, active starters with room for 50
// codes each: one to act on, one whose rows must never show.
func twoOrganizations(t testing.TB, s cloud.Store) (acme, other *cloud.Organization) {
	acme = &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
	MustCreateOrganization(t, s, acme)
	other = &cloud.Organization{Name: "Other", ContactEmail: "boss@other.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
	MustCreateOrganization(t, s, other)
	return acme, other
}

func seedProject(t testing.TB, s cloud.Store, orgID int64, name string) {
	p := cloud.Project{Name: name}
	seed(t, s, `INSERT INTO projects (organization_id, name, name_key, created_at) VALUES ($1, $2, $3, $4)`,
		orgID, name, p.NameKey(), T0)
}

func seedTemplate(t testing.TB, s cloud.Store, orgID int64, name string, active bool) {
	seed(t, s, `INSERT INTO form_templates (organization_id, name, fields, is_active, created_at, updated_at)
		VALUES ($1, $2, '[]', $3, $4, $4)`, orgID, name, active, T0)
}

func seedCode(t testing.TB, s cloud.Store, orgID, projectID int64, active bool, source string, missing int, at time.Time) {
	var project any
	if projectID != 0 {
		project = projectID
	}
	seed(t, s, `INSERT INTO organization_qr_codes (organization_id, project_id, name, is_active, source,
		missing_fields, created_at) VALUES ($1, $2, 'Worker', $3, $4, $5, $6)`, orgID, project, active, source, missing, at)
}

func seedPrintRun(t testing.TB, s cloud.Store, orgID int64, labels int, at time.Time) {
	seed(t, s, `INSERT INTO label_print_runs (organization_id, layout, labels, codes, created_at)
		VALUES ($1, 'avery-5163', $2, 1, $3)`, orgID, labels, at)
}

func testCollectionLinks(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	acme, other := twoOrganizations(t, s)
	seedProject(t, s, acme.ID, "Site A")             // project 1
	seedProject(t, s, other.ID, "Other's site")      // project 2
	seedTemplate(t, s, acme.ID, "Scaffolders", true) // template 1
	seedTemplate(t, s, acme.ID, "Retired", false)    // template 2
	seedTemplate(t, s, other.ID, "Other's form", true)
	seedCode(t, s, acme.ID, 0, true, cloud.CodeSourceManual, 0, T0)  // code 1
	seedCode(t, s, other.ID, 0, true, cloud.CodeSourceManual, 0, T0) // code 2

	shared := &cloud.CollectionLink{OrganizationID: acme.ID, TokenHash: []byte("hash-shared"), TemplateID: 1,
		ProjectID: 1, ExpiresAt: T0.Add(30 * 24 * time.Hour), CreatedBy: 1, CreatedAt: T0}
	must(t, s.CreateCollectionLink(ctx, shared))
	forever := &cloud.CollectionLink{OrganizationID: acme.ID, TokenHash: []byte("hash-forever"), CreatedAt: T0.Add(time.Minute)}
	must(t, s.CreateCollectionLink(ctx, forever))
	update := &cloud.CollectionLink{OrganizationID: acme.ID, TokenHash: []byte("hash-update"), CodeID: 1,
		ExpiresAt: T0.Add(cloud.UpdateLinkValidity), CreatedAt: T0}
	must(t, s.CreateCollectionLink(ctx, update))

	t.Run("ErrOtherOrganizationsReferences", func(t *testing.T) {
		for name, l := range map[string]*cloud.CollectionLink{
			"project":          {ProjectID: 2},
			"template":         {TemplateID: 3},
			"inactiveTemplate": {TemplateID: 2},
			"code":             {CodeID: 2},
			"missingProject":   {ProjectID: 99},
		} {
			l.OrganizationID, l.TokenHash, l.CreatedAt = acme.ID, []byte("hash-"+name), T0
			wantCode(t, s.CreateCollectionLink(ctx, l), cloud.ENOTFOUND)
		}
	})
	t.Run("ErrSameToken", func(t *testing.T) {
		wantCode(t, s.CreateCollectionLink(ctx, &cloud.CollectionLink{OrganizationID: other.ID,
			TokenHash: []byte("hash-shared"), CreatedAt: T0}), cloud.ECONFLICT)
	})
	t.Run("List", func(t *testing.T) {
		links, err := s.ListCollectionLinks(ctx, acme.ID)
		must(t, err)
		if len(links) != 2 || links[0].ID != forever.ID || links[1].ID != shared.ID {
			t.Fatalf("links %+v, want the two shared ones, newest first", links)
		}
		l := links[1]
		if l.TemplateName != "Scaffolders" || l.ProjectName != "Site A" || l.TemplateID != 1 || l.ProjectID != 1 ||
			!l.ExpiresAt.Equal(shared.ExpiresAt) || !l.RevokedAt.IsZero() || l.Submissions != 0 || l.CreatedBy != 1 {
			t.Fatalf("shared link %+v", l)
		}
		if f := links[0]; f.TemplateID != 0 || f.TemplateName != "" || f.ProjectID != 0 || !f.ExpiresAt.IsZero() {
			t.Fatalf("standard link %+v", f)
		}
		if links, err := s.ListCollectionLinks(ctx, other.ID); err != nil || len(links) != 0 {
			t.Fatalf("other's links %v %v", links, err)
		}
	})
	t.Run("FindByToken", func(t *testing.T) {
		l, err := s.FindCollectionLinkByToken(ctx, []byte("hash-update"))
		must(t, err)
		if l.ID != update.ID || l.CodeID != 1 || !l.IsUpdateLink() || l.OrganizationID != acme.ID {
			t.Fatalf("update link %+v", l)
		}
		_, err = s.FindCollectionLinkByToken(ctx, []byte("no-such-hash"))
		wantCode(t, err, cloud.ENOTFOUND)
		_, err = s.FindCollectionLink(ctx, other.ID, shared.ID)
		wantCode(t, err, cloud.ENOTFOUND)
	})
	t.Run("ClaimSharedLink", func(t *testing.T) {
		at := T0.Add(time.Hour)
		for range 2 {
			ok, err := s.ClaimCollectionSubmission(ctx, shared.ID, at)
			if !ok || err != nil {
				t.Fatalf("claim %v %v", ok, err)
			}
		}
		must(t, s.ReleaseCollectionSubmission(ctx, shared.ID))
		l, err := s.FindCollectionLink(ctx, acme.ID, shared.ID)
		must(t, err)
		if l.Submissions != 1 || !l.LastSubmissionAt.Equal(at) {
			t.Fatalf("after two claims and a release: %+v", l)
		}
		if ok, err := s.ClaimCollectionSubmission(ctx, shared.ID, shared.ExpiresAt); ok || err != nil {
			t.Fatalf("claim at expiry: %v %v", ok, err)
		}
	})
	t.Run("ClaimUpdateLinkOnce", func(t *testing.T) {
		if ok, err := s.ClaimCollectionSubmission(ctx, update.ID, T0); !ok || err != nil {
			t.Fatalf("first claim %v %v", ok, err)
		}
		if ok, err := s.ClaimCollectionSubmission(ctx, update.ID, T0); ok || err != nil {
			t.Fatalf("second claim %v %v", ok, err)
		}
		must(t, s.ReleaseCollectionSubmission(ctx, update.ID))
		if ok, err := s.ClaimCollectionSubmission(ctx, update.ID, T0); !ok || err != nil {
			t.Fatalf("claim after release %v %v", ok, err)
		}
	})
	t.Run("ClaimUpdateLinkOnceConcurrently", func(t *testing.T) {
		race := &cloud.CollectionLink{OrganizationID: acme.ID, TokenHash: []byte("hash-race"), CodeID: 1,
			ExpiresAt: T0.Add(cloud.UpdateLinkValidity), CreatedAt: T0}
		must(t, s.CreateCollectionLink(ctx, race))
		const tries = 10
		results := make(chan bool, tries)
		var wg sync.WaitGroup
		for range tries {
			wg.Go(func() {
				ok, err := s.ClaimCollectionSubmission(ctx, race.ID, T0)
				if err != nil {
					t.Error(err)
				}
				results <- ok
			})
		}
		wg.Wait()
		close(results)
		claimed := 0
		for ok := range results {
			if ok {
				claimed++
			}
		}
		if claimed != 1 {
			t.Fatalf("%d of %d simultaneous claims of a single-use link succeeded, want 1", claimed, tries)
		}
	})
	t.Run("Revoke", func(t *testing.T) {
		wantCode(t, s.RevokeCollectionLink(ctx, other.ID, forever.ID, T0), cloud.ENOTFOUND)
		must(t, s.RevokeCollectionLink(ctx, acme.ID, forever.ID, T0.Add(time.Hour)))
		must(t, s.RevokeCollectionLink(ctx, acme.ID, forever.ID, T0.Add(2*time.Hour)))
		l, err := s.FindCollectionLink(ctx, acme.ID, forever.ID)
		must(t, err)
		if !l.RevokedAt.Equal(T0.Add(time.Hour)) || l.Usable(T0.Add(3*time.Hour)) != cloud.MsgCollectionLinkGone {
			t.Fatalf("revoked link %+v", l)
		}
		if ok, err := s.ClaimCollectionSubmission(ctx, forever.ID, T0.Add(3*time.Hour)); ok || err != nil {
			t.Fatalf("claim on a revoked link: %v %v", ok, err)
		}
	})
}

func testOrgReport(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	acme := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
	MustCreateOrganization(t, s, acme)
	other := &cloud.Organization{Name: "Other", ContactEmail: "boss@other.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
	MustCreateOrganization(t, s, other)
	seedProject(t, s, acme.ID, "Site B")  // 1
	seedProject(t, s, acme.ID, "Empty")   // 2
	seedProject(t, s, acme.ID, "Site A")  // 3
	seedProject(t, s, other.ID, "Theirs") // 4
	since := T0.AddDate(0, -1, 0)
	seedCode(t, s, acme.ID, 1, true, cloud.CodeSourceManual, 0, T0)
	seedCode(t, s, acme.ID, 1, false, cloud.CodeSourceCollection, 2, T0.Add(time.Hour))
	seedCode(t, s, acme.ID, 3, true, cloud.CodeSourceCollection, 1, since.Add(-time.Hour)) // before since
	seedCode(t, s, acme.ID, 0, true, cloud.CodeSourceImport, 0, since)
	seedCode(t, s, other.ID, 4, true, cloud.CodeSourceManual, 3, T0)
	seedPrintRun(t, s, acme.ID, 10, T0)
	seedPrintRun(t, s, acme.ID, 4, since.Add(-time.Second)) // before since
	seedPrintRun(t, s, other.ID, 99, T0)

	r, err := s.CountOrgReport(ctx, acme.ID, since)
	must(t, err)
	want := []cloud.ProjectCodeCount{{ProjectID: 2, ProjectName: "Empty"}, {ProjectID: 3, ProjectName: "Site A", Active: 1},
		{ProjectID: 1, ProjectName: "Site B", Active: 1, Inactive: 1}, {ProjectID: 0, ProjectName: "", Active: 1}}
	if len(r.ByProject) != len(want) {
		t.Fatalf("by project %d rows, want %d", len(r.ByProject), len(want))
	}
	for i, p := range r.ByProject {
		if *p != want[i] {
			t.Errorf("by project row %d: %+v, want %+v", i, *p, want[i])
		}
	}
	wantSources := []cloud.SourceCount{{Source: cloud.CodeSourceCollection, Count: 2}, {Source: cloud.CodeSourceImport, Count: 1}, {Source: cloud.CodeSourceManual, Count: 1}}
	if len(r.BySource) != len(wantSources) {
		t.Fatalf("by source %+v, want %+v", r.BySource, wantSources)
	}
	for i := range wantSources {
		if r.BySource[i] != wantSources[i] {
			t.Errorf("by source %+v, want %+v", r.BySource, wantSources)
		}
	}
	if n, err := s.CountCodes(ctx, acme.ID, cloud.CodeFilter{}); n != 4 || err != nil {
		t.Errorf("count codes %d %v, want 4", n, err)
	}
	if r.Incomplete != 2 || r.Codes != 4 {
		t.Errorf("incomplete %d, codes %d; want 2 and 4", r.Incomplete, r.Codes)
	}
	if len(r.CodesCreated) != 3 || !r.CodesCreated[0].Equal(since) || !r.CodesCreated[2].Equal(T0.Add(time.Hour)) {
		t.Errorf("codes created %v", r.CodesCreated)
	}
	if len(r.PrintRuns) != 1 || r.PrintRuns[0].Labels != 10 || !r.PrintRuns[0].CreatedAt.Equal(T0) {
		t.Errorf("print runs %+v", r.PrintRuns)
	}

	empty := &cloud.Organization{Name: "Empty", ContactEmail: "boss@empty.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
	MustCreateOrganization(t, s, empty)
	r, err = s.CountOrgReport(ctx, empty.ID, since)
	must(t, err)
	if len(r.ByProject) != 0 || len(r.BySource) != 0 || r.Incomplete != 0 || r.Codes != 0 || len(r.CodesCreated) != 0 || len(r.PrintRuns) != 0 {
		t.Fatalf("an empty organisation's report %+v", r)
	}
}
