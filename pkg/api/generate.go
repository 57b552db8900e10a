// Package api is the cloud's HTTP contract: openapi.yaml, the Go wire types
// generated from it (api.gen.go), and the document itself for serving and
// for tests. The cloud's handlers, pkg/client and the website all take their
// request and answer shapes from here, so the three cannot drift apart.
//
// It lives in pkg because both the cloud and the station (through
// pkg/client) import pkg, and go:embed reaches only inside its own module.
package api

// The generator is pinned here and fetched from the module proxy; it is not
// a dependency of any binary.
//go:generate go run github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2 -config oapi-codegen.yaml openapi.yaml
