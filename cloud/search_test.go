package cloud

import "testing"

func TestFoldForSearch(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"José Núñez", "jose nunez"},
		{"NÚÑEZ", "nunez"},
		{"Łukasz Wiśniewski", "lukasz wisniewski"},
		{"Jürgen Schröder", "jurgen schroder"},
		{"Søren Æbeltoft-Straße", "soren aebeltoft-strasse"},
		{"ĐORĐE Ðuro", "dorde duro"},
		{"Iİıi", "iiii"},
		{"Œuvre Þór", "oeuvre thor"},
		{"ﬁne ①", "fine 1"},
		{"100%_done", "100%_done"},
		{"", ""},
	} {
		if got := FoldForSearch(tc.in); got != tc.want {
			t.Errorf("FoldForSearch(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
