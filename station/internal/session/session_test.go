package session

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"testing"

	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/station/internal/secrets"
	"github.com/lifetag/lifetag/station/internal/settings"
)

func newService(t *testing.T) (*Service, secrets.File) {
	dir := t.TempDir()
	sec := secrets.File{Dir: filepath.Join(dir, "secrets")}
	return New(&settings.Store{UserPath: filepath.Join(dir, "station.json")}, sec), sec
}

func TestRestoreForgetsAKeptSessionThatDoesNotParse(t *testing.T) {
	s, sec := newService(t)
	if a, err := s.Restore(); a != nil || err != nil {
		t.Fatalf("nothing kept: %+v %v", a, err)
	}
	sec.Set(secretName, "{not json")
	if a, err := s.Restore(); a != nil || err != nil {
		t.Fatalf("a broken session: %+v %v", a, err)
	}
	if _, err := sec.Get(secretName); !errors.Is(err, secrets.ErrNotFound) {
		t.Fatal("the broken session was kept")
	}
	if _, _, err := s.Client(); !errors.Is(err, ErrSignedOut) {
		t.Fatalf("client while signed out: %v", err)
	}
}

func TestSignInToAnUnreachableCloudKeepsNothing(t *testing.T) {
	s, sec := newService(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, err = s.SignIn(context.Background(), "http://"+addr, "admin@example.com", "pw", false)
	if !errors.Is(err, client.ErrUnreachable) {
		t.Fatalf("got %v, want ErrUnreachable", err)
	}
	if _, err := sec.Get(secretName); !errors.Is(err, secrets.ErrNotFound) || s.Current() != nil {
		t.Fatal("a failed sign-in kept a session")
	}
	if st, _ := s.settings.Load(); st.CloudURL != settings.ProductionURL {
		t.Fatalf("a failed sign-in changed the cloud address to %q", st.CloudURL)
	}
	t.Run("ErrBadAddress", func(t *testing.T) {
		if _, err := s.SignIn(context.Background(), "lifetag.app", "a@example.com", "pw", true); err == nil {
			t.Fatal("an address without a scheme was used")
		}
	})
}
