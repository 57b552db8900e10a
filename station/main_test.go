package main

import (
	"os"
	"strings"
	"testing"
)

// docs/station.md quotes the message a Windows user sees without WebView2, for IT;
// this keeps the quote the station's own words.
func TestStationPageQuotesTheWebView2Message(t *testing.T) {
	readme, err := os.ReadFile("../docs/station.md")
	if err != nil {
		t.Fatal(err)
	}
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	if !strings.Contains(words(string(readme)), words(MsgNoWebView2)) {
		t.Errorf("docs/station.md does not quote the station's WebView2 message: %q", words(MsgNoWebView2))
	}
	if !strings.Contains(words(string(readme)), `"`+webView2Title+`"`) {
		t.Errorf("docs/station.md does not name the message box's title %q", webView2Title)
	}
}
