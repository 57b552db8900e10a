package library

import (
	"errors"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/sheet"
)

func TestATooDenseLabelIsRefusedByItsCodesName(t *testing.T) {
	names := []string{"Ann Fitter", "Bob Rigger"}
	err := nameTooLong(&sheet.TooSmallError{Index: 1, Modules: 77, Module: 0.21, Refused: []int{1}, MaxSize: 69}, names, "Avery 5160 (30 per sheet)")
	if err == nil || !strings.HasPrefix(err.Error(), "Bob Rigger: ") || !strings.Contains(err.Error(), "Avery 5160") ||
		!strings.Contains(err.Error(), "(Avery 5163 (10 per sheet); ") {
		t.Fatalf("got %v", err)
	}
	// A code no batch layout holds is told to shorten the record.
	err = nameTooLong(&sheet.TooSmallError{Index: 0, Modules: 181, Module: 0.1, Refused: []int{0}, MaxSize: 173}, names, "Avery 5160 (30 per sheet)")
	if err == nil || err.Error() != "Ann Fitter: the record is too long to print as a readable QR code on any batch layout; shorten it." {
		t.Fatalf("got %v", err)
	}
	// Several codes: every one named (the first five, then how many more),
	// a duplicated queue item once, and the layouts that hold the largest.
	many := []string{"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A1"}
	err = nameTooLong(&sheet.TooSmallError{Index: 0, Modules: 57, Module: 0.4, Refused: []int{0, 1, 2, 3, 4, 5, 6, 7}, MaxSize: 49}, many, "Avery 5160 (30 per sheet)")
	want := `7 codes have records too long to print as readable QR codes on Avery 5160 (30 per sheet) labels: "A1", "A2", "A3", "A4", "A5" and 2 more. Shorten them or choose labels that hold them all (` +
		strings.Join(sheet.BatchLayoutsHolding(49), "; ") + ")."
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
	err = nameTooLong(&sheet.TooSmallError{Index: 0, Modules: 181, Module: 0.1, Refused: []int{0, 1}, MaxSize: 173}, names, "Avery 5160 (30 per sheet)")
	if err == nil || err.Error() != `2 codes have records too long to print as readable QR codes on Avery 5160 (30 per sheet) labels: "Ann Fitter", "Bob Rigger". No batch layout holds them all; shorten the longest.` {
		t.Fatalf("got %v", err)
	}
	other := errors.New("disk full")
	if nameTooLong(other, names, "x") != other || nameTooLong(nil, names, "x") != nil {
		t.Fatal("other errors must pass unchanged")
	}
}
