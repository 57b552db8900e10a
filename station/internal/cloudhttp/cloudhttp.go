// Package cloudhttp is the HTTP client the station reaches its cloud with,
// through the proxy the machine is set up for: on Windows the system's
// proxy settings (WinINET's, as Edge and Internet Options show them:
// a fixed proxy with its bypass list, or a PAC script, automatic or at an
// address), read by mattn/go-ieproxy; HTTPS_PROXY, HTTP_PROXY and
// NO_PROXY in the environment win over them when set, and are what every
// other system uses. TLS is checked against the system's roots (on Windows
// the machine's certificate store), so a TLS-inspecting proxy works once
// IT has deployed its root certificate there.
package cloudhttp

import (
	"net/http"
	"net/url"

	"github.com/mattn/go-ieproxy"
)

// Proxy is the proxy for a request, as the machine is set up (nil, nil
// for none).
func Proxy() func(*http.Request) (*url.URL, error) { return ieproxy.GetProxyFunc() }

// Client is a new HTTP client through Proxy, otherwise Go's defaults.
func Client() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = Proxy()
	return &http.Client{Transport: t}
}
