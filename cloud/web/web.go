// Package web holds the website's Vite build, embedded in the binary.
// The Makefile copies frontend/dist here before building the cloud.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the build's files, rooted at the directory holding index.html.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // "dist" is embedded above; it cannot be missing
	}
	return sub
}
