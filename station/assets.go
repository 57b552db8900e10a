package main

import (
	"embed"
	"io/fs"
	"net/http"
)

// The station's window is the frontend's second entry (frontend/station.html),
// built by `npm run build:station` into web/dist and embedded at compile time,
// as the cloud embeds the website from cloud/web/dist.
//
//go:embed all:web/dist
var embedded embed.FS

// windowAssets is the built station entry, with station.html answering for
// index.html: Wails serves (and injects its runtime into) index.html, and the
// entry keeps its own name so the website's index.html is never confused with it.
func windowAssets() (fs.FS, error) {
	dist, err := fs.Sub(embedded, "web/dist")
	if err != nil {
		return nil, err
	}
	return stationIndex{dist}, nil
}

type stationIndex struct{ fs.FS }

func (s stationIndex) Open(name string) (fs.File, error) {
	if name == "index.html" {
		name = "station.html"
	}
	return s.FS.Open(name)
}

// assetHandler serves the window's files to a browser (the --browser mode).
func assetHandler(assets fs.FS) http.Handler {
	return http.FileServerFS(assets)
}
