package main

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/argon2id"
)

// mixedLoad is a bounded load of reads and writes on one cloud, from
// workers that each sign in as their own account. Each worker cycles
// through three requests: a page view (a write that adds a row, with a path
// of its own, so each acknowledged one can be looked for afterwards), a
// push of its emergency record (a write that replaces, numbered, so the
// stored one must be at least the last acknowledged), and a pull of it (a
// read). It records every answer.
type mixedLoad struct {
	t       testing.TB
	base    string
	name    string // keeps paths apart between loads on one database
	workers []loadWorker
	stop    chan struct{}
	stopped sync.Once
	done    sync.WaitGroup

	mu           sync.Mutex
	ackedViews   []string       // paths of page views answered 2xx
	ackedRecord  map[string]int // per account, the last record number answered 2xx
	ackedWrites  int            // writes of either kind answered 2xx
	results      []bool         // every answer in the order they came: 2xx or not
	unavailable  int            // 503 with the database message
	unexpected   []string       // anything else: another status, or no answer
	statusFailed []string       // of those, the answers with another status
}

type loadWorker struct{ email, token string }

// maxOpsPerWorker bounds a load that nobody stops.
const maxOpsPerWorker = 20000

// newMixedLoad makes the workers' accounts in the database and signs each
// in on base.
func newMixedLoad(t testing.TB, store cloud.Store, base, name string, workers int) *mixedLoad {
	t.Helper()
	l := &mixedLoad{t: t, base: base, name: name, stop: make(chan struct{}), ackedRecord: map[string]int{}}
	api := newAPIClient(t)
	hash, err := argon2id.New(passwordParams, 0).Hash("load-password")
	if err != nil {
		t.Fatal(err)
	}
	for i := range workers {
		email := fmt.Sprintf("%s-%d@example.com", name, i)
		now := time.Now()
		if err := store.CreateUser(context.Background(), &cloud.User{Email: email, PasswordHash: hash, CreatedAt: now, UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
		w := loadWorker{email: email, token: api.login(base, email, "load-password")}
		// Record 0, so that every pull finds one.
		api.must("POST", base+"/api/sync/emergency-data", w.token, map[string]any{"email": email, "emergencyData": loadRecord(email, 0)}, http.StatusOK)
		l.workers = append(l.workers, w)
	}
	return l
}

// start runs the workers until Stop (or maxOpsPerWorker each).
func (l *mixedLoad) start() {
	for i, w := range l.workers {
		l.done.Go(func() { l.work(i, w) })
	}
}

// stopOnce stops the workers and waits for their last answers; calls after
// the first do nothing.
func (l *mixedLoad) stopOnce() {
	l.stopped.Do(func() { close(l.stop) })
	l.done.Wait()
}

func (l *mixedLoad) work(i int, w loadWorker) {
	api := newAPIClient(l.t)
	pull := l.base + "/api/sync/emergency-data/" + url.PathEscape(w.email)
	for n := 1; n <= maxOpsPerWorker; n++ {
		select {
		case <-l.stop:
			return
		default:
		}
		switch n % 3 {
		case 0:
			path := fmt.Sprintf("/%s/w%d/%d", l.name, i, n)
			status, out, err := api.call(context.Background(), "POST", l.base+"/api/analytics/page-view", "", map[string]string{"path": path}, nil)
			if l.record(status, out, err) {
				l.mu.Lock()
				l.ackedViews = append(l.ackedViews, path)
				l.ackedWrites++
				l.mu.Unlock()
			}
		case 1:
			status, out, err := api.call(context.Background(), "POST", l.base+"/api/sync/emergency-data", w.token,
				map[string]any{"email": w.email, "emergencyData": loadRecord(w.email, n)}, nil)
			if l.record(status, out, err) {
				l.mu.Lock()
				l.ackedRecord[w.email] = n
				l.ackedWrites++
				l.mu.Unlock()
			}
		case 2:
			status, out, err := api.call(context.Background(), "GET", pull, w.token, nil, nil)
			l.record(status, out, err)
		}
	}
}

// record files one answer and says whether it was a success.
func (l *mixedLoad) record(status int, out map[string]any, err error) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	ok := err == nil && status >= 200 && status < 300
	l.results = append(l.results, ok)
	switch {
	case ok:
	case err != nil:
		l.unexpected = append(l.unexpected, "no answer: "+err.Error())
	case status == http.StatusServiceUnavailable && out["message"] == cloud.MsgDatabaseUnavailable:
		l.unavailable++
	default:
		l.unexpected = append(l.unexpected, fmt.Sprintf("%d %v", status, out))
		l.statusFailed = append(l.statusFailed, fmt.Sprintf("%d %v", status, out))
	}
	return ok
}

// statusFailures are the answers with a status neither 2xx nor 503 (not the
// requests that got no answer: after a listener closes, those never reached
// the cloud).
func (l *mixedLoad) statusFailures() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.statusFailed
}

// counts returns the number of answers so far, and of 503s among them.
func (l *mixedLoad) counts() (all, unavailable int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.results), l.unavailable
}

// acknowledged is the number of writes answered 2xx.
func (l *mixedLoad) acknowledged() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.ackedWrites
}

// loadAcks is what a load had acknowledged at one moment.
type loadAcks struct {
	views   []string       // paths of page views answered 2xx
	records map[string]int // per account, the last record number answered 2xx
	writes  int            // writes of either kind answered 2xx
}

// acks is a copy of what the load has acknowledged so far.
func (l *mixedLoad) acks() loadAcks {
	l.mu.Lock()
	defer l.mu.Unlock()
	return loadAcks{views: slices.Clone(l.ackedViews), records: maps.Clone(l.ackedRecord), writes: l.ackedWrites}
}

// verify checks, after the load, that every acknowledged write is in the
// database (read back through base): each page view's row, and for each
// account a record at least as new as the last acknowledged. It returns
// how many acknowledged writes are missing.
func (l *mixedLoad) verify(store cloud.Store, base string) (lost int) {
	l.t.Helper()
	return l.verifyAcks(l.acks(), store, base)
}

// verifyAcks is verify for the writes acknowledged at one moment (acks):
// no page view stored twice, every one of acks stored, and every record
// at least as new as its last in acks.
func (l *mixedLoad) verifyAcks(acks loadAcks, store cloud.Store, base string) (lost int) {
	l.t.Helper()
	counts, err := store.CountAnalyticsEvents(context.Background(), time.Time{})
	if err != nil {
		l.t.Fatal(err)
	}
	stored := map[string]bool{}
	for _, c := range counts {
		if c.Count != 1 && strings.HasPrefix(c.Path, "/"+l.name+"/") {
			l.t.Errorf("page view %s stored %d times", c.Path, c.Count)
		}
		stored[c.Path] = true
	}
	for _, path := range acks.views {
		if !stored[path] {
			l.t.Errorf("acknowledged page view %s is not in the database", path)
			lost++
		}
	}
	api := newAPIClient(l.t)
	for _, w := range l.workers {
		last := acks.records[w.email]
		out := api.must("GET", base+"/api/sync/emergency-data/"+url.PathEscape(w.email), w.token, nil, http.StatusOK)
		medical, _ := out["medicalInfo"].(map[string]any)
		notes, _ := medical["notes"].(string)
		var got int
		fmt.Sscanf(notes, "write %d", &got)
		if got < last {
			l.t.Errorf("%s: the stored record is write %d, but write %d was acknowledged", w.email, got, last)
			lost++
		}
	}
	return lost
}

// loadRecord is a valid emergency record numbered n.
func loadRecord(email string, n int) map[string]any {
	return map[string]any{
		"personalInfo":      map[string]any{"fullName": "Load Rider", "email": email, "bloodType": "O+"},
		"emergencyContacts": []map[string]string{{"id": "c1", "name": "Contact One", "phone": "+44 7700 900123"}},
		"medicalInfo":       map[string]string{"notes": fmt.Sprintf("write %d", n)},
	}
}
