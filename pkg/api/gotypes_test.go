package api

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
)

// The schemas whose Go type is written by hand in another package (named
// by x-go-type in openapi.yaml) must list exactly that type's JSON fields,
// and mark required exactly the fields it always sends (no omitempty).
var handWrittenTypes = map[string]any{
	"EmergencyData":    emergency.Data{},
	"PersonalInfo":     emergency.PersonalInfo{},
	"EmergencyContact": emergency.Contact{},
	"MedicalInfo":      emergency.MedicalInfo{},
	"FieldError":       emergency.FieldError{},
	"LabelGeometry":    labels.Geometry{},
	// The corporate library's template fields and code records. (The
	// request's FormTemplateFieldInput is emergency.Field too, but
	// requires only what the server needs, so it is not listed.)
	"FormTemplateField": emergency.Field{},
	"LibraryCodeRecord": emergency.Record{},
}

func TestHandWrittenTypesMatchTheirSchemas(t *testing.T) {
	loadOnce.Do(load)
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	components, _ := loaded["components"].(map[string]any)
	schemas, _ := components["schemas"].(map[string]any)
	for name, value := range handWrittenTypes {
		schema, ok := schemas[name].(map[string]any)
		if !ok {
			t.Errorf("no schema %s", name)
			continue
		}
		var documented, documentedRequired []string
		props, _ := schema["properties"].(map[string]any)
		for p := range props {
			documented = append(documented, p)
		}
		req, _ := schema["required"].([]any)
		for _, r := range req {
			documentedRequired = append(documentedRequired, r.(string))
		}
		var fields, required []string
		typ := reflect.TypeOf(value)
		for i := range typ.NumField() {
			tag := typ.Field(i).Tag.Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			if name == "" || name == "-" {
				continue
			}
			fields = append(fields, name)
			if !strings.Contains(opts, "omitempty") {
				required = append(required, name)
			}
		}
		for _, list := range [][]string{documented, documentedRequired, fields, required} {
			slices.Sort(list)
		}
		if !slices.Equal(documented, fields) {
			t.Errorf("%s: the schema has %v, %s has %v", name, documented, typ, fields)
		}
		if !slices.Equal(documentedRequired, required) {
			t.Errorf("%s: the schema requires %v, %s always sends %v", name, documentedRequired, typ, required)
		}
	}
}
