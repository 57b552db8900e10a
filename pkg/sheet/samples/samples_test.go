package samples

import "testing"

// The benchmark needs distinct payloads of 250 to 350 bytes from valid
// records.
func TestPayloadsAreValidDistinctAndSized(t *testing.T) {
	seen := map[string]bool{}
	for i := range 1000 {
		if errs := Record(i).Validate(); errs != nil {
			t.Fatalf("sample %d is not a valid record: %v", i, errs)
		}
		p := Payload(i)
		if len(p) < 250 || len(p) > 350 {
			t.Fatalf("sample %d payload is %d bytes, want 250 to 350:\n%s", i, len(p), p)
		}
		if seen[p] {
			t.Fatalf("sample %d repeats an earlier payload", i)
		}
		seen[p] = true
	}
}
