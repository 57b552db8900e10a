// otlp-sink stands in for an OpenTelemetry collector in the API benchmark
// (scripts/bench/api.sh): it accepts OTLP/HTTP trace exports on the
// address given and drops them, counting the bytes, so that the cloud's
// cost of tracing is measured without a collector's own cost.
//
//	go run scripts/bench/otlp-sink.go 127.0.0.1:4318
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

func main() {
	var exports, bytes atomic.Int64
	http.HandleFunc("POST /v1/traces", func(w http.ResponseWriter, r *http.Request) {
		n, _ := io.Copy(io.Discard, r.Body)
		if exports.Add(1) == 1 {
			fmt.Fprintln(os.Stderr, "otlp-sink: first export")
		}
		bytes.Add(n)
		// An empty ExportTraceServiceResponse: everything accepted.
		w.Header().Set("Content-Type", "application/x-protobuf")
		w.WriteHeader(http.StatusOK)
	})
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, os.Interrupt)
	go func() {
		<-stop
		fmt.Fprintf(os.Stderr, "otlp-sink: %d exports, %d bytes\n", exports.Load(), bytes.Load())
		os.Exit(0)
	}()
	if err := http.ListenAndServe(os.Args[1], nil); err != nil {
		fmt.Fprintln(os.Stderr, "otlp-sink:", err)
		os.Exit(1)
	}
}
