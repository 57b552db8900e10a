package labels

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// mmPer holds the database's length units in millimetres. A bare number is
// in points.
var mmPer = map[string]float64{
	"":   25.4 / 72,
	"pt": 25.4 / 72,
	"in": 25.4,
	"mm": 1,
	"cm": 10,
}

// parseLength reads a database length such as "0.5in", "3.2mm", "1cm",
// "72pt" or "72", and returns millimetres.
func parseLength(s string) (float64, error) {
	s = strings.TrimSpace(s)
	number := strings.TrimRight(s, "abcdefghijklmnopqrstuvwxyz")
	unit := s[len(number):]
	per, ok := mmPer[unit]
	if !ok {
		return 0, fmt.Errorf("unknown unit in length %q", s)
	}
	v, err := strconv.ParseFloat(number, 64)
	// ParseFloat also reads "NaN" and "Inf" (FuzzLoad found them).
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("bad length %q", s)
	}
	return v * per, nil
}
