// rolling-load is the steady mixed load of scripts/test/rolling-deploy.sh:
// an HR system's traffic through the proxy while both cloud instances are
// restarted one after the other. Workers loop over library reads, HR
// upserts by external id (each with an Idempotency-Key of its own) and,
// now and then, a PDF of labels by external id, until SIGINT or SIGTERM;
// then they finish the request they hold and it prints one line:
//
//	load: N requests, F failed, W upserts acknowledged, P pdfs
//
// Every acknowledged upsert's external id goes to the file given, one a
// line, for the script to find in the database. A failure is any answer
// other than the one expected, or no answer: the program never retries,
// so what the proxy and the instances drop shows here. Each failure is
// printed to stderr (at most 20).
//
//	go run scripts/test/rolling-load.go BASE ORG_ID API_KEY ACKED_FILE
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

const workers = 4

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: rolling-load BASE ORG_ID API_KEY ACKED_FILE")
		os.Exit(2)
	}
	base, org, key, ackedPath := os.Args[1], os.Args[2], os.Args[3], os.Args[4]
	acked, err := os.Create(ackedPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rolling-load:", err)
		os.Exit(1)
	}
	defer acked.Close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	client := &http.Client{Timeout: 30 * time.Second}
	var requests, failed, upserts, pdfs atomic.Int64
	var mu sync.Mutex // guards acked and the failure printout
	var printed int
	fail := func(what string, status int, body []byte, err error) {
		failed.Add(1)
		mu.Lock()
		defer mu.Unlock()
		if printed++; printed <= 20 {
			fmt.Fprintf(os.Stderr, "rolling-load: %s failed: status %d %v %.200s\n", what, status, err, strings.Join(strings.Fields(string(body)), " "))
		}
	}
	do := func(method, path string, body any, idempotencyKey string) (int, []byte, error) {
		var reader io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			reader = bytes.NewReader(b)
		}
		req, _ := http.NewRequest(method, base+path, reader)
		req.Header.Set("Authorization", "Bearer "+key)
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", idempotencyKey)
		}
		requests.Add(1)
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, err
	}

	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var mine []string // this worker's acknowledged external ids
			for i := 0; ctx.Err() == nil; i++ {
				switch {
				case i%20 == 19 && len(mine) > 0:
					// A PDF of this worker's last few codes, a print run recorded
					// (not a preview): a POST without an Idempotency-Key, so the
					// proxy must never send it twice.
					ids := mine[max(0, len(mine)-4):]
					status, b, err := do("POST", "/api/corporate/"+org+"/qr-codes/labels-by-external-id.pdf",
						map[string]any{"externalIds": ids, "layout": map[string]string{"id": "avery-5163"}}, "")
					if err != nil || status != http.StatusOK || !bytes.HasPrefix(b, []byte("%PDF")) {
						fail("labels PDF", status, b, err)
						continue
					}
					pdfs.Add(1)
				case i%2 == 0:
					status, b, err := do("GET", "/api/corporate/"+org+"/qr-codes?pageSize=20", nil, "")
					if err != nil || status != http.StatusOK || !bytes.Contains(b, []byte(`"success":true`)) {
						fail("library read", status, b, err)
					}
				default:
					id := fmt.Sprintf("W%d-%d", w, i)
					body := map[string]any{"labelType": "helmet", "values": map[string]string{
						"fullName": "Worker " + id, "bloodType": "O+",
						"contact1Name": "Contact " + id, "contact1Phone": "+44 7700 900123"}}
					status, b, err := do("PUT", "/api/corporate/"+org+"/qr-codes/by-external-id/"+id, body, newKey())
					if err != nil || (status != http.StatusCreated && status != http.StatusOK) {
						fail("upsert "+id, status, b, err)
						continue
					}
					upserts.Add(1)
					mine = append(mine, id)
					mu.Lock()
					fmt.Fprintln(acked, id)
					mu.Unlock()
				}
			}
		}(w)
	}
	wg.Wait()
	fmt.Printf("load: %d requests, %d failed, %d upserts acknowledged, %d pdfs\n",
		requests.Load(), failed.Load(), upserts.Load(), pdfs.Load())
}

func newKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
