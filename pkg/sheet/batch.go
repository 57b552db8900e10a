package sheet

import (
	"slices"

	"github.com/lifetag/lifetag/pkg/labels"
)

// BatchLayoutsHolding names, in the batch printer's order (the spec's
// layouts, then the presets), the batch layouts whose labels print a code
// of size modules (quiet zone excluded, TooSmallError.Size) with modules
// of at least BatchMinModule: what a refusal offers instead.
func BatchLayoutsHolding(size int) []string {
	c := labels.MustBuiltin()
	var names []string
	for _, l := range slices.Concat(labels.SpecLayouts, labels.PresetLayouts()) {
		t, name, err := c.BatchSheet(l.ID)
		if err == nil && MaxModules(t, BatchMinModule) >= size {
			names = append(names, name)
		}
	}
	return names
}
