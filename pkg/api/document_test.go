package api

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
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

func TestEveryTagIsDeclared(t *testing.T) {
	loadOnce.Do(load)
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	declared := map[string]bool{}
	tags, _ := loaded["tags"].([]any)
	for _, tag := range tags {
		m, _ := tag.(map[string]any)
		name, _ := m["name"].(string)
		declared[name] = true
	}
	paths, _ := loaded["paths"].(map[string]any)
	for path, item := range paths {
		item, _ := item.(map[string]any)
		for _, m := range methods {
			op, ok := item[m].(map[string]any)
			if !ok {
				continue
			}
			opTags, _ := op["tags"].([]any)
			if len(opTags) == 0 {
				t.Errorf("%s %s has no tag", m, path)
			}
			for _, tag := range opTags {
				if !declared[tag.(string)] {
					t.Errorf("%s %s: tag %q is not in the document's tags", m, path, tag)
				}
			}
		}
	}
}

// A nullable property must be a pointer in Go, or null would be sent as a
// zero value (oapi-codegen.yaml says why the schema has to ask for it); a
// request field where null and the zero value mean the same says so with
// `x-go-type-skip-optional-pointer: true`. Arrays (a nil slice is null) and
// properties with their own Go type are exempt.
func TestNullablePropertiesArePointers(t *testing.T) {
	loadOnce.Do(load)
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	components, _ := loaded["components"].(map[string]any)
	schemas, _ := components["schemas"].(map[string]any)
	for name, schema := range schemas {
		schema, _ := schema.(map[string]any)
		if _, handWritten := schema["x-go-type"]; handWritten {
			continue // its Go type is checked by TestHandWrittenTypesMatchTheirSchemas
		}
		props, _ := schema["properties"].(map[string]any)
		for prop, p := range props {
			p, _ := p.(map[string]any)
			if _, ownType := p["x-go-type"]; ownType || !nullable(p) || isArray(p) {
				continue
			}
			if _, decided := p["x-go-type-skip-optional-pointer"].(bool); !decided {
				t.Errorf("%s.%s is nullable but does not say x-go-type-skip-optional-pointer: false (a pointer, null sent as null)", name, prop)
			}
		}
	}
}

func nullable(schema map[string]any) bool {
	if types, ok := schema["type"].([]any); ok {
		for _, t := range types {
			if t == "null" {
				return true
			}
		}
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		alts, _ := schema[key].([]any)
		for _, alt := range alts {
			if m, ok := alt.(map[string]any); ok && m["type"] == "null" {
				return true
			}
		}
	}
	return false
}

func isArray(schema map[string]any) bool {
	types, _ := schema["type"].([]any)
	for _, t := range types {
		if t == "array" {
			return true
		}
	}
	return schema["type"] == "array"
}

// The contract's label types are pkg/labels' presets: a kind added in Go
// alone fails here until openapi.yaml (and so the website's types) follow.
func TestLabelTypesAreThePresets(t *testing.T) {
	problems, err := EnumProblems("LabelType", "labels.Presets", labels.KindNames())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// The form template fields' types and categories, written inline in the
// contract's two field schemas, are pkg/emergency's.
func TestFieldTypesAndCategoriesAreEmergencys(t *testing.T) {
	for _, c := range []struct {
		source string
		want   []string
		paths  []string
	}{
		{"emergency.FieldTypes", emergency.FieldTypes, []string{
			"components.schemas.FormTemplateField.properties.type",
			"components.schemas.FormTemplateFieldInput.properties.type",
		}},
		{"emergency.FieldCategories", emergency.FieldCategories, []string{
			"components.schemas.FormTemplateField.properties.category",
			"components.schemas.FormTemplateFieldInput.properties.category",
		}},
	} {
		for _, path := range c.paths {
			got, err := EnumAt(path)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("openapi.yaml: %s is %q, but %s is %q", path, got, c.source, c.want)
			}
		}
	}
}
