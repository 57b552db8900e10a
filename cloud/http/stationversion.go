package http

import (
	"fmt"
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/version"
)

// stationVersion refuses an API call from a print station older than the
// oldest this cloud supports (Config.MinStationVersion, STATION_MIN_VERSION)
// with 426 Upgrade Required and a message for its window's banner. The
// station names its version in its User-Agent (pkg/version); anything else
// (browsers, other programs) passes. This is compatibility, not security: a
// User-Agent is whatever the client says.
//
// A station older than the cloud itself (whose version is the newest
// release: one version for every program, pkg/version) and still served
// gets the header version.NewerStationHeader naming the cloud's version on
// every answer, so its window says a newer version is out.
func (s *Server) stationVersion(next http.Handler) http.Handler {
	newest, newestErr := version.Parse(version.String())
	min, _ := version.Parse(s.minStation) // checked in NewServer
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, ok := version.StationFromUserAgent(r.UserAgent())
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		if s.minStation != "" && version.Older(v, min) {
			writeMessage(w, http.StatusUpgradeRequired, fmt.Sprintf(cloud.MsgStationTooOld, s.minStation))
			return
		}
		if newestErr == nil && version.Older(v, newest) {
			w.Header().Set(version.NewerStationHeader, version.String())
		}
		next.ServeHTTP(w, r)
	})
}
