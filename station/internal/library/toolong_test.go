package library

import (
	"errors"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/sheet"
)

func TestATooDenseLabelIsRefusedByItsCodesName(t *testing.T) {
	names := []string{"Ann Fitter", "Bob Rigger"}
	err := nameTooLong(&sheet.TooSmallError{Index: 1, Modules: 77, Module: 0.21}, names, "Avery 5160 (30 per sheet)")
	if err == nil || !strings.HasPrefix(err.Error(), "Bob Rigger: ") || !strings.Contains(err.Error(), "Avery 5160") ||
		!strings.Contains(err.Error(), "(Avery 5163 (10 per sheet); ") {
		t.Fatalf("got %v", err)
	}
	// A code no batch layout holds is told to shorten the record.
	err = nameTooLong(&sheet.TooSmallError{Index: 0, Modules: 181, Module: 0.1}, names, "Avery 5160 (30 per sheet)")
	if err == nil || err.Error() != "Ann Fitter: the record is too long to print as a readable QR code on any batch layout; shorten it." {
		t.Fatalf("got %v", err)
	}
	other := errors.New("disk full")
	if nameTooLong(other, names, "x") != other || nameTooLong(nil, names, "x") != nil {
		t.Fatal("other errors must pass unchanged")
	}
}
