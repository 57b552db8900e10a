package api

import (
	"encoding/json"
	"testing"
)

// roles are the callers x-lifetag-roles may name (see openapi.yaml).
var roles = map[string]bool{"anonymous": true, "signed-in": true, "owner": true, "member": true, "admin": true}

func TestEveryOperationIsNamedAndSaysWhoMayCallIt(t *testing.T) {
	ops, err := Operations()
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) == 0 {
		t.Fatal("the document has no operations")
	}
	seen := map[string]string{}
	for _, op := range ops {
		where := op.Method + " " + op.Path
		if op.OperationID == "" {
			t.Errorf("%s has no operationId", where)
		} else if other, dup := seen[op.OperationID]; dup {
			t.Errorf("%s and %s share the operationId %q", where, other, op.OperationID)
		}
		seen[op.OperationID] = where
		if len(op.Roles) == 0 {
			t.Errorf("%s has no x-lifetag-roles", where)
		}
		for _, r := range op.Roles {
			if !roles[r] {
				t.Errorf("%s names the unknown role %q", where, r)
			}
		}
	}
}

func TestTheDocumentIsJSON(t *testing.T) {
	b, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		OpenAPI string         `json:"openapi"`
		Paths   map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" || len(doc.Paths) == 0 {
		t.Fatalf("openapi %q with %d paths", doc.OpenAPI, len(doc.Paths))
	}
}
