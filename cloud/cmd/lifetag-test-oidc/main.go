// Command lifetag-test-oidc runs zitadel/oidc's example OpenID provider
// (package oidctest) for the browser journeys: a real provider, login page
// included, that the project does not write. Never for production.
//
//	lifetag-test-oidc -addr 127.0.0.1:9998 -redirect http://127.0.0.1:8080/api/auth/sso/callback
//
// It registers one client, lifetag / lifetag-e2e-secret, with the given
// redirect URIs (-redirect, repeated), and the people of the journeys.
package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud/oidctest"
)

// The journeys' client and people (frontend/e2e/single-sign-on.spec.ts).
var (
	clientID     = "lifetag"
	clientSecret = "lifetag-e2e-secret"
	people       = []oidctest.Person{
		{Username: "ada@sso-e2e.test", Password: "ada-at-her-company", Email: "ada@sso-e2e.test", EmailVerified: true},
		{Username: "ben@sso-e2e.test", Password: "ben-at-his-company", Email: "ben@sso-e2e.test", EmailVerified: false},
	}
)

type redirects []string

func (r *redirects) String() string     { return strings.Join(*r, ",") }
func (r *redirects) Set(v string) error { *r = append(*r, v); return nil }

func main() {
	addr := flag.String("addr", "127.0.0.1:9998", "the address to listen on (loopback)")
	var uris redirects
	flag.Var(&uris, "redirect", "a redirect URI of the client (repeat for several)")
	flag.Parse()
	listener, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	issuer := "http://" + listener.Addr().String() + "/"
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	_, handler := oidctest.New(issuer, []oidctest.Client{{ID: clientID, Secret: clientSecret, RedirectURIs: uris}}, people, logger)
	fmt.Println("issuer " + issuer)
	server := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	if err := server.Serve(listener); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
