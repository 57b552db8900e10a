package main

import (
	"context"
	"net/http"
	"testing"

	"github.com/lifetag/lifetag/pkg/client/clienttest"
	"github.com/lifetag/lifetag/pkg/version"
)

// A station older than the cloud (whose version is the newest release)
// hears of the newer version on its window's calls to a real cloud: the
// banner's state names the cloud's version. This build, the cloud's own
// version, hears of none.
func TestOlderStationHearsOfTheNewerVersion(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	password := cloud.CorporateTrial("Station Versions", "it@versions.test", "starter")
	for _, c := range []struct{ station, want string }{
		{version.StationUserAgentPrefix + "0.0.1", version.String()},
		{version.StationUserAgent(), ""},
	} {
		a := newTestApp(t)
		a.svc.Session.UserAgent = c.station // before any call reads it
		if _, err := a.svc.Session.SignIn(context.Background(), cloud.URL, "it@versions.test", password, true); err != nil {
			t.Fatal(err)
		}
		if answer := request(t, a, "GET", "/api/labels/batch-layouts", ""); answer.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", c.station, answer.Status, answer.Body)
		}
		state, err := a.Session.State()
		if err != nil {
			t.Fatal(err)
		}
		if state.NewerVersion != c.want {
			t.Errorf("%s: the banner's newer version is %q, want %q", c.station, state.NewerVersion, c.want)
		}
	}
}
