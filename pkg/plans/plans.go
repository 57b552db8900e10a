// Package plans is the corporate plan table (docs/design/admin-corporate.md §9): one
// table, plans.json, read by the cloud here and by the website as it is.
package plans

import (
	_ "embed"
	"encoding/json"
)

//go:embed plans.json
var plansJSON []byte

// Plan is one subscription plan, billed monthly.
type Plan struct {
	ID         string   `json:"id"` // starter, professional, enterprise
	Name       string   `json:"name"`
	PricePence int64    `json:"pricePence"`
	MaxQRCodes int      `json:"maxQrCodes"`
	LookupKey  string   `json:"lookupKey"` // the payment provider's price lookup key
	Features   []string `json:"features"`
}

// Table is the shape of plans.json.
type Table struct {
	Currency         string `json:"currency"`
	MaxAdminAccounts int    `json:"maxAdminAccounts"` // owner included
	TrialDays        int    `json:"trialDays"`
	DefaultPlan      string `json:"defaultPlan"`
	Plans            []Plan `json:"plans"`
}

// All is the plan table.
var All = mustLoad(plansJSON)

func mustLoad(raw []byte) Table {
	var t Table
	if err := json.Unmarshal(raw, &t); err != nil {
		panic("plans: plans.json is malformed: " + err.Error())
	}
	return t
}

// Find returns the plan with id.
func Find(id string) (Plan, bool) {
	for _, p := range All.Plans {
		if p.ID == id {
			return p, true
		}
	}
	return Plan{}, false
}

// ByLookupKey returns the plan a provider price's lookup key names.
func ByLookupKey(key string) (Plan, bool) {
	for _, p := range All.Plans {
		if p.LookupKey == key {
			return p, true
		}
	}
	return Plan{}, false
}

// TrialMaxQRCodes is a trial's QR code allowance: the default (Starter)
// plan's, whatever plan it tries, until a person at Lifetag raises it, so
// that a free trial is never a free large plan.
func TrialMaxQRCodes() int {
	p, _ := Find(All.DefaultPlan)
	return p.MaxQRCodes
}
