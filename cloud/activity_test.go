package cloud

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEveryActivityHasASentence finds every Activity* and Audit* string
// constant of this package in its source, so a kind added later without a
// sentence fails here, not on an admin's screen.
func TestEveryActivityHasASentence(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	found := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.CONST {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if !(strings.HasPrefix(id.Name, "Activity") || strings.HasPrefix(id.Name, "Audit")) || i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					kind, _ := strconv.Unquote(lit.Value)
					if id.Name == "AuditDeletedTarget" {
						continue // a stand-in target, not a kind
					}
					found++
					if _, ok := activitySentences[kind]; !ok {
						t.Errorf("%s (%q) has no sentence in activitySentences", id.Name, kind)
					}
				}
			}
		}
	}
	if found < 30 {
		t.Fatalf("found only %d activity kinds: the source walk is broken", found)
	}
}

func TestActivitySentences(t *testing.T) {
	cases := map[[2]string]string{
		{AuditShippingViewed, "ORD-7"}:              "Viewed the delivery address of order ORD-7.",
		{AuditOrderStatusChanged, "ORD-7 shipped"}:  "Moved order ORD-7 to shipped.",
		{ActivityMemberInvited, "ann@example.test"}: "ann@example.test was invited as an admin.",
		{AuditUsersExported, ""}:                    "Exported the list of users.",
		{"made.up", "x"}:                            "Other activity: x.",
		{ActivityCodesImported, "1"}:                "1 QR code was imported.",
		{ActivityCodesImported, "25"}:               "25 QR codes were imported.",
	}
	for in, want := range cases {
		if got := ActivitySentence(in[0], in[1]); got != want {
			t.Errorf("ActivitySentence(%q, %q) = %q, want %q", in[0], in[1], got, want)
		}
	}
}
