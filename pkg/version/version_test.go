package version

import "testing"

func TestStringIsTheVersionFile(t *testing.T) {
	if _, err := Parse(String()); err != nil {
		t.Fatalf("pkg/version/VERSION: %v", err)
	}
}

func TestParse(t *testing.T) {
	for _, bad := range []string{"", "1", "1.2", "1.2.3.4", "1.2.x", "01.2.3", "1.2.-3", "1.2.65536", " 1.2.3"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	if v, err := Parse("0.10.2"); err != nil || v != [3]int{0, 10, 2} {
		t.Errorf("Parse(0.10.2) = %v, %v", v, err)
	}
}

func TestOlder(t *testing.T) {
	cases := []struct {
		a, b  [3]int
		older bool
	}{
		{[3]int{0, 0, 9}, [3]int{0, 1, 0}, true},
		{[3]int{0, 9, 0}, [3]int{0, 10, 0}, true}, // numbers, not strings
		{[3]int{0, 1, 0}, [3]int{0, 1, 0}, false},
		{[3]int{1, 0, 0}, [3]int{0, 99, 99}, false},
	}
	for _, c := range cases {
		if got := Older(c.a, c.b); got != c.older {
			t.Errorf("Older(%v, %v) = %v", c.a, c.b, got)
		}
	}
}

func TestStationFromUserAgent(t *testing.T) {
	cases := map[string]struct {
		v  [3]int
		ok bool
	}{
		"lifetag-station/0.0.9":         {[3]int{0, 0, 9}, true},
		"lifetag-station/0.1.0+abc1234": {[3]int{0, 1, 0}, true},
		"lifetag-station/1":             {[3]int{}, false},
		"lifetag-station/dev":           {[3]int{}, false},
		"Mozilla/5.0":                   {[3]int{}, false},
		"":                              {[3]int{}, false},
	}
	for ua, want := range cases {
		v, ok := StationFromUserAgent(ua)
		if ok != want.ok || v != want.v {
			t.Errorf("StationFromUserAgent(%q) = %v, %v", ua, v, ok)
		}
	}
	if _, ok := StationFromUserAgent(StationUserAgent()); !ok {
		t.Errorf("this build's own User-Agent %q is not read back", StationUserAgent())
	}
}
