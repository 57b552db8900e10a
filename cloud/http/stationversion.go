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
func (s *Server) stationVersion(next http.Handler) http.Handler {
	if s.minStation == "" {
		return next
	}
	min, _ := version.Parse(s.minStation) // checked in NewServer
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v, ok := version.StationFromUserAgent(r.UserAgent()); ok && version.Older(v, min) {
			writeMessage(w, http.StatusUpgradeRequired, fmt.Sprintf(cloud.MsgStationTooOld, s.minStation))
			return
		}
		next.ServeHTTP(w, r)
	})
}
