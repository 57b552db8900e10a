package cloud_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// The contract's webhook events are cloud.WebhookEvents: an event added in
// Go alone fails here until openapi.yaml names it in WebhookEventType and
// documents its payload under webhooks (and the website's types follow).
func TestWebhookEventsAreTheContracts(t *testing.T) {
	problems, err := api.EnumProblems("WebhookEventType", "cloud.WebhookEvents", cloud.WebhookEvents)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	documented, err := api.Webhooks()
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range cloud.WebhookEvents {
		if !slices.Contains(documented, ev) {
			t.Errorf("openapi.yaml: webhooks has no %q, which cloud.WebhookEvents has: document its delivery there", ev)
		}
	}
	for _, ev := range documented {
		if !slices.Contains(cloud.WebhookEvents, ev) {
			t.Errorf("openapi.yaml: webhooks has %q, which cloud.WebhookEvents lacks", ev)
		}
	}
}

// The statuses and sources the contract writes inline are the cloud's lists.
func TestContractStatusesAreTheClouds(t *testing.T) {
	for _, c := range []struct {
		source string
		want   []string
		paths  []string
	}{
		{"cloud.ProjectStatuses", cloud.ProjectStatuses, []string{"components.schemas.Project.properties.status"}},
		{"cloud.OrderStatuses", cloud.OrderStatuses, []string{
			"components.schemas.AdminOrder.properties.status",
			"components.schemas.AdminOrderHistoryEntry.properties.status",
		}},
		{"cloud.CodeSources", cloud.CodeSources, []string{"components.schemas.LibraryCode.properties.source"}},
	} {
		for _, path := range c.paths {
			got, err := api.EnumAt(path)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("openapi.yaml: %s is %q, but %s is %q", path, got, c.source, c.want)
			}
		}
	}
}

// The contract's examples of the messages that name a whole list (the
// label types, the webhook events, the statuses) quote them as the cloud
// words them now, so they follow the list too.
func TestContractExamplesQuoteTheListMessages(t *testing.T) {
	messages := []struct {
		opening string // words every example of the message has
		current func(example string) []string
	}{
		{"Label type must be ", func(string) []string {
			return []string{cloud.MsgLabelTypeInvalid, cloud.MsgLabelTypeUnknown}
		}},
		{"Paper size must be ", func(string) []string { return []string{cloud.MsgPaperSizeInvalid} }},
		{"Project status must be ", func(string) []string { return []string{cloud.MsgProjectStatusInvalid} }},
		{"Status must be ", func(string) []string { return []string{cloud.MsgOrderStatusInvalid} }},
		{" is not an event: ", func(example string) []string {
			event, _, _ := strings.Cut(strings.TrimPrefix(example, `"`), `"`)
			return []string{fmt.Sprintf(cloud.MsgWebhookEventUnknown, event)}
		}},
	}
	doc, err := api.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	if err := json.Unmarshal(doc, &tree); err != nil {
		t.Fatal(err)
	}
	examples := exampleMessages(tree)
	for _, m := range messages {
		found := false
		for _, example := range examples {
			if !strings.Contains(example, m.opening) {
				continue
			}
			found = true
			if want := m.current(example); !slices.Contains(want, example) {
				t.Errorf("openapi.yaml has the example message %q, which the cloud now words as %q", example, want)
			}
		}
		if !found {
			t.Errorf("openapi.yaml has no example message with %q: the test is looking in the wrong place", m.opening)
		}
	}
}

// exampleMessages are the message of every example of the document's
// error answers ({ value: { message: ... } }).
func exampleMessages(tree any) []string {
	var out []string
	switch v := tree.(type) {
	case map[string]any:
		if value, ok := v["value"].(map[string]any); ok {
			if m, ok := value["message"].(string); ok {
				out = append(out, m)
			}
		}
		for _, e := range v {
			out = append(out, exampleMessages(e)...)
		}
	case []any:
		for _, e := range v {
			out = append(out, exampleMessages(e)...)
		}
	}
	return out
}
