package http_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// internalAddresses are addresses inside the cloud's own network written
// as IPv6 (NAT64's well-known prefix, IPv4-compatible, 6to4,
// IPv4-translated), in carrier NAT space, or plainly: no customer's
// endpoint or provider is there.
var internalAddresses = []string{
	"https://[64:ff9b::a9fe:a9fe]/h", // 169.254.169.254, the metadata service, through NAT64
	"https://[64:ff9b::7f00:1]/h",
	"https://[::127.0.0.1]/h",
	"https://[2002:7f00:1::1]/h",
	"https://[::ffff:0:7f00:1]/h",
	"https://[64:ff9b::6440:1]/h", // 100.64.0.1 through NAT64
	"https://100.64.0.1/h",
	"https://169.254.169.254/h",
	"https://localhost/h",
}

// TestWebhookEndpointRefusesInternalAddresses: an endpoint can neither be
// registered at an internal address, in any spelling, nor moved there.
func TestWebhookEndpointRefusesInternalAddresses(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{}) // production's webhook guard
		orgID, owner := e.activeOrganization("Hooks Ltd", "boss@hooks.example")
		created := e.do("POST", orgURL(orgID, "/webhooks"), owner, map[string]any{"url": "https://93.184.216.34/hook",
			"events": []string{"qr_code.created"}})
		wantStatus(t, created, http.StatusCreated, "")
		endpoint := orgURL(orgID, fmt.Sprintf("/webhooks/%d", int64(created.JSON()["endpoint"].(map[string]any)["id"].(float64))))
		for _, url := range internalAddresses {
			t.Run("create "+url, func(t *testing.T) {
				wantStatus(t, e.do("POST", orgURL(orgID, "/webhooks"), owner, map[string]any{"url": url,
					"events": []string{"qr_code.created"}}), http.StatusBadRequest, cloud.MsgWebhookURLNotPublic)
			})
			t.Run("update "+url, func(t *testing.T) {
				wantStatus(t, e.do("PUT", endpoint, owner, map[string]any{"url": url}),
					http.StatusBadRequest, cloud.MsgWebhookURLNotPublic)
			})
		}
		// A public IPv4 address reached through NAT64 is an endpoint.
		wantStatus(t, e.do("PUT", endpoint, owner, map[string]any{"url": "https://[64:ff9b::5db8:d822]/hook"}), http.StatusOK, "")
	})
}

// TestSSOIssuerRefusesInternalAddresses: outside development, an
// organisation's provider cannot be set at an internal address, in any
// spelling; the owner is told why.
func TestSSOIssuerRefusesInternalAddresses(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{production: true})
	owner := e.newOwner("Acme", "boss@acme.example")
	for _, issuer := range internalAddresses {
		t.Run(issuer, func(t *testing.T) {
			settings := map[string]any{"issuer": issuer, "clientId": "lifetag", "clientSecret": "secret",
				"domains": []string{"acme.example"}}
			wantStatus(t, e.do("PUT", owner.path("/sso"), owner.token, settings), http.StatusBadRequest, cloud.MsgSSOIssuerNotPublic)
		})
	}
}
