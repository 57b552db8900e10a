package plans

import "testing"

// The spec's figures (docs/design/admin-corporate.md §9): £10/50, £25/200, £99/2000, 3 admin accounts.
func TestTable(t *testing.T) {
	want := map[string][2]int64{"starter": {1000, 50}, "professional": {2500, 200}, "enterprise": {9900, 2000}}
	if len(All.Plans) != len(want) || All.MaxAdminAccounts != 3 || All.TrialDays != 14 || All.Currency != "gbp" {
		t.Fatalf("table %+v", All)
	}
	for id, w := range want {
		p, ok := Find(id)
		if !ok || p.PricePence != w[0] || int64(p.MaxQRCodes) != w[1] {
			t.Errorf("%s: %+v", id, p)
		}
		if q, ok := ByLookupKey(p.LookupKey); !ok || q.ID != id {
			t.Errorf("lookup key %q", p.LookupKey)
		}
	}
	if _, ok := Find(All.DefaultPlan); !ok {
		t.Errorf("default plan %q is not in the table", All.DefaultPlan)
	}
}
