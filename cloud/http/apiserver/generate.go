// Package apiserver is generated from the contract (pkg/api/openapi.yaml):
// the chi routes of every operation, the binding of their path and query
// parameters, and the strict server interface the cloud's handlers
// implement, with one typed answer for each status the contract lists.
// cloud/http holds the middleware and the handlers; nothing here is written
// by hand.
package apiserver

// The generator is pinned here, as in pkg/api, and is not a dependency of
// any binary.
//go:generate go run github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2 -config oapi-codegen.yaml ../../../pkg/api/openapi.yaml
