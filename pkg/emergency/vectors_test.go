package emergency_test

import (
	"encoding/json"
	"os"
	"testing"
)

// The golden vectors are shared with the TypeScript twin; see PAYLOAD.md.

type qrTextVector struct {
	Name        string          `json:"name"`
	TimeZone    string          `json:"timeZone"`
	GeneratedAt string          `json:"generatedAt"`
	Input       json.RawMessage `json:"input"`
	Expected    string          `json:"expected"`
}

type validationVector struct {
	Name   string            `json:"name"`
	Input  json.RawMessage   `json:"input"`
	Errors map[string]string `json:"errors"`
}

func loadVectors[T any](t testing.TB, path string) []T {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Cases []T }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(file.Cases) == 0 {
		t.Fatalf("%s has no cases", path)
	}
	return file.Cases
}
