package service_test

import (
	"testing"

	"github.com/lifetag/lifetag/cloud/service"
)

func TestMaskEmail(t *testing.T) {
	for in, want := range map[string]string{
		"bob@example.com":  "b***@example.com",
		"émile@example.fr": "é***@example.fr",
		"x@example.com":    "x***@example.com",
		"":                 "",
		"@example.com":     "",
		"not-an-address":   "",
		"a@b@example.com":  "a***@example.com",
	} {
		if got := service.MaskEmail(in); got != want {
			t.Errorf("MaskEmail(%q) = %q, want %q", in, got, want)
		}
	}
}
