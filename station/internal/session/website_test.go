package session

import (
	"context"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

var cloudBinary string

func TestMain(m *testing.M) { clienttest.Main(m, &cloudBinary) }

// TestSignInWithWebsiteKeepsTheAdminSession: against a real cloud, the
// station opens the website's station sign-in page in "the system
// browser", where the admin is signed in; the browser confirms, brings the
// code to the station's loopback address, and the station keeps a session
// of the admin door that the cloud serves.
func TestSignInWithWebsiteKeepsTheAdminSession(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	browser := cloud.WebsiteBrowser(clienttest.AdminEmail, cloud.AdminPassword())

	s, _ := newService(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a, err := s.SignInWithWebsite(ctx, cloud.URL, browser)
	if err != nil {
		t.Fatal(err)
	}
	if a.Role != RoleAdmin || a.Email != clienttest.AdminEmail || a.CloudURL != cloud.URL {
		t.Fatalf("account: %+v", a)
	}
	c, _, err := s.Require(RoleAdmin)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.AdminOrders(ctx, client.Page{}); err != nil {
		t.Fatalf("the station's session: %v", err)
	}
}
