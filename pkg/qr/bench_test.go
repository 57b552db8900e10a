package qr_test

import (
	"testing"

	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

// BenchmarkEncode encodes realistic level-H payloads (250-350 bytes), the
// work that dominates a sheet of labels.
func BenchmarkEncode(b *testing.B) {
	payloads := make([]string, 100)
	for i := range payloads {
		payloads[i] = samples.Payload(i)
	}
	i := 0
	for b.Loop() {
		if _, err := qr.Encode(payloads[i%len(payloads)], qr.H); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
