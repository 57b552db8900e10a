package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/emergency"
)

func testTemplates(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	acme := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
	owner := MustCreateOrganization(t, s, acme)
	other := &cloud.Organization{Name: "Other", ContactEmail: "boss@other.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
	MustCreateOrganization(t, s, other)

	activity := func(orgID int64, kind string) *cloud.Activity {
		return &cloud.Activity{OrganizationID: orgID, Kind: kind, Detail: "a template", CreatedAt: T0}
	}
	create := func(t *testing.T, orgID int64, name string, isDefault bool) *cloud.Template {
		t.Helper()
		tpl := &cloud.Template{OrganizationID: orgID, Name: name, Description: "line 1\nline 2",
			Fields: emergency.DefaultFields(), IsDefault: isDefault, CreatedBy: owner.ID, CreatedAt: T0}
		must(t, s.CreateTemplate(ctx, tpl, activity(orgID, cloud.ActivityTemplateCreated)))
		if tpl.ID == 0 {
			t.Fatal("CreateTemplate did not set the id")
		}
		return tpl
	}
	defaults := func(t *testing.T, orgID int64) []string {
		t.Helper()
		list, err := s.ListTemplates(ctx, orgID)
		must(t, err)
		var names []string
		for _, tpl := range list {
			if tpl.IsDefault {
				names = append(names, tpl.Name)
			}
		}
		return names
	}

	first := create(t, acme.ID, "Site crew", true)
	t.Run("FindKeepsEveryField", func(t *testing.T) {
		got, err := s.FindTemplate(ctx, first.ID)
		must(t, err)
		if got.OrganizationID != acme.ID || got.Name != "Site crew" || got.Description != "line 1\nline 2" ||
			!got.IsDefault || got.CreatedBy != owner.ID || !got.CreatedAt.Equal(T0) || !got.UpdatedAt.Equal(T0) {
			t.Fatalf("template %+v", got)
		}
		if !slices.EqualFunc(got.Fields, emergency.DefaultFields(), func(a, b emergency.Field) bool {
			return a.ID == b.ID && a.Type == b.Type && a.Label == b.Label && a.Required == b.Required &&
				a.Category == b.Category && a.Order == b.Order && a.Standard == b.Standard && slices.Equal(a.Options, b.Options)
		}) {
			t.Fatalf("fields %+v", got.Fields)
		}
		_, err = s.FindTemplate(ctx, first.ID+1000)
		wantCode(t, err, cloud.ENOTFOUND)
	})
	t.Run("OneDefaultPerOrganization", func(t *testing.T) {
		create(t, acme.ID, "Drivers", true)
		create(t, other.ID, "Other's default", true)
		if got := defaults(t, acme.ID); !slices.Equal(got, []string{"Drivers"}) {
			t.Fatalf("defaults after create: %v", got)
		}
		first.IsDefault, first.UpdatedAt = true, T0.Add(time.Hour)
		must(t, s.UpdateTemplate(ctx, first, activity(acme.ID, cloud.ActivityTemplateUpdated)))
		if got := defaults(t, acme.ID); !slices.Equal(got, []string{"Site crew"}) {
			t.Fatalf("defaults after update: %v", got)
		}
		if got := defaults(t, other.ID); !slices.Equal(got, []string{"Other's default"}) {
			t.Fatalf("another organisation's default changed: %v", got)
		}
		got, err := s.FindTemplate(ctx, first.ID)
		must(t, err)
		if !got.UpdatedAt.Equal(T0.Add(time.Hour)) || !got.CreatedAt.Equal(T0) {
			t.Fatalf("times %v %v", got.CreatedAt, got.UpdatedAt)
		}
	})
	t.Run("ErrChangeAnotherOrganizations", func(t *testing.T) {
		stolen := *first
		stolen.OrganizationID, stolen.Name = other.ID, "stolen"
		wantCode(t, s.UpdateTemplate(ctx, &stolen, activity(other.ID, cloud.ActivityTemplateUpdated)), cloud.ENOTFOUND)
		wantCode(t, s.DeleteTemplate(ctx, other.ID, first.ID, activity(other.ID, cloud.ActivityTemplateDeleted)), cloud.ENOTFOUND)
		got, err := s.FindTemplate(ctx, first.ID)
		must(t, err)
		if got.Name != "Site crew" {
			t.Fatalf("renamed to %q", got.Name)
		}
	})
	t.Run("DeleteAddsActivity", func(t *testing.T) {
		doomed := create(t, acme.ID, "Temporary", false)
		must(t, s.DeleteTemplate(ctx, acme.ID, doomed.ID, activity(acme.ID, cloud.ActivityTemplateDeleted)))
		_, err := s.FindTemplate(ctx, doomed.ID)
		wantCode(t, err, cloud.ENOTFOUND)
		wantCode(t, s.DeleteTemplate(ctx, acme.ID, doomed.ID, activity(acme.ID, cloud.ActivityTemplateDeleted)), cloud.ENOTFOUND)
		log, err := s.ListActivity(ctx, acme.ID, 100)
		must(t, err)
		kinds := map[string]int{}
		for _, a := range log {
			kinds[a.Kind]++
		}
		if kinds[cloud.ActivityTemplateCreated] != 3 || kinds[cloud.ActivityTemplateUpdated] != 1 || kinds[cloud.ActivityTemplateDeleted] != 1 {
			t.Fatalf("activity %v", kinds)
		}
	})
	t.Run("ListIsTheOrganizationsByID", func(t *testing.T) {
		list, err := s.ListTemplates(ctx, acme.ID)
		must(t, err)
		var names []string
		for _, tpl := range list {
			names = append(names, tpl.Name)
		}
		if !slices.Equal(names, []string{"Site crew", "Drivers"}) {
			t.Fatalf("list %v", names)
		}
	})
}
