package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/pkg/version"
)

// Cloud carries the window's API calls (the shared features' apiRequest,
// through frontend/src/lib/platform/station.ts) to the signed-in cloud with
// the session's bearer token, so the website's features run unchanged in
// the station. Each answer, or its absence, tells the offline tracker
// whether the cloud is reachable.
type Cloud struct {
	app *App
	// Background work an online answer starts: cache refreshes, and
	// sending what was queued offline.
	orders, library, sending refresher
}

// CloudAnswer is one HTTP answer; Body is bytes (base64 in JSON, as Go and
// Wails encode []byte), so PDFs pass as they are.
type CloudAnswer struct {
	Status      int    `json:"status"`
	StatusText  string `json:"statusText"`
	ContentType string `json:"contentType"`
	// ContentDisposition names a download as the cloud named it (a code's
	// label after its worker), for the save dialog to suggest.
	ContentDisposition string `json:"contentDisposition,omitempty"`
	Body               []byte `json:"body"`
}

// maxAnswer bounds what one answer may bring into memory (a batch PDF is a
// few MB; the users CSV of 100,000 users about 10 MB).
const maxAnswer = 64 << 20

// cloudTimeout bounds one API call (a batch PDF takes a few seconds).
const cloudTimeout = 60 * time.Second

// forwardedHeaders are the request headers the window may set; the rest
// (cookies, Authorization) are the station's to decide.
var forwardedHeaders = []string{"Content-Type", "Accept", "Cache-Control", "Pragma"}

// Request sends one API request. A path outside /api/ is refused: the window
// reaches the cloud's API, nothing else.
func (c *Cloud) Request(method, path string, headers map[string]string, body string) (CloudAnswer, error) {
	if !strings.HasPrefix(path, "/api/") {
		return CloudAnswer{}, fmt.Errorf("not an API path: %q", path)
	}
	cl, account, err := c.app.svc.Session.Client()
	if err != nil {
		// As the cloud answers a request without a session.
		msg, _ := json.Marshal(map[string]string{"message": err.Error()})
		return CloudAnswer{Status: http.StatusUnauthorized, StatusText: "Unauthorized",
			ContentType: "application/json", Body: msg}, nil
	}
	ctx, cancel := context.WithTimeout(c.app.context(), cloudTimeout)
	defer cancel()
	var reader io.Reader
	if body != "" {
		reader = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(cl.BaseURL(), "/")+path, reader)
	if err != nil {
		return CloudAnswer{}, err
	}
	for _, h := range forwardedHeaders {
		for k, v := range headers {
			if strings.EqualFold(k, h) {
				req.Header.Set(h, v)
			}
		}
	}
	req.Header.Set("Authorization", "Bearer "+cl.Token())
	req.Header.Set("User-Agent", c.app.svc.Session.UserAgent)
	resp, err := c.app.svc.Session.HTTP.Do(req)
	if err != nil {
		c.app.svc.Offline.Observe(ctx, account, fmt.Errorf("%w: %v", client.ErrUnreachable, err))
		if answer, ok := c.offlineAnswer(ctx, method, path, body); ok {
			return answer, nil
		}
		// No answer: the window shows it as a connection error, as for a browser's failed fetch.
		return CloudAnswer{}, errors.New("The cloud did not answer. Check the connection.")
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return CloudAnswer{}, errors.New("The cloud's answer was cut off. Please try again.")
	}
	answer := CloudAnswer{Status: resp.StatusCode, StatusText: http.StatusText(resp.StatusCode),
		ContentType: resp.Header.Get("Content-Type"), ContentDisposition: resp.Header.Get("Content-Disposition"), Body: data}
	if resp.StatusCode == http.StatusUpgradeRequired {
		// The cloud no longer serves this version: work offline (the cache
		// answers, changes stay queued for after the upgrade); the banner
		// shows the cloud's message.
		var refused struct{ Message string }
		if json.Unmarshal(data, &refused) != nil || refused.Message == "" {
			refused.Message = answer.StatusText
		}
		c.app.svc.Offline.Observe(ctx, account, client.OutOfDateError(refused.Message))
		if offline, ok := c.offlineAnswer(ctx, method, path, body); ok {
			return offline, nil
		}
		return answer, nil
	}
	c.app.svc.Offline.Observe(ctx, account, nil)
	c.app.svc.Offline.ObserveNewerVersion(ctx, account, resp.Header.Get(version.NewerStationHeader))
	c.sendQueued(ctx, account)
	if method == http.MethodGet && resp.StatusCode == http.StatusOK {
		route, _, _ := strings.Cut(path, "?")
		switch {
		case route == "/api/admin/physical-orders":
			c.refreshAfterList(account)
		case route == libraryRoute(account.OrganizationID):
			c.refreshLibraryAfterList(account)
		}
	}
	return answer, nil
}
