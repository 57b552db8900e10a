package http_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// A shared link that asks for no number knows a worker who sends its form
// again (the same name, folded as search folds, and the same date of birth
// or phone): no second code, and an update link through a verified path,
// mailed to the address on the worker's own record, or, without one, asked
// of the officer. Nothing of the record is answered to whoever fills it in.
func TestCollectRecognisesAReturningWorker(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{rateLimit: collectNoLimit})
		o := e.newOfficer("officer@acme.example")
		org, err := e.Store.FindOrganization(t.Context(), o.orgID)
		if err != nil {
			t.Fatal(err)
		}
		returning := fmt.Sprintf(cloud.MsgCollectionReturning, org.Name)
		send := func(token string, values map[string]string) response {
			return e.do("POST", "/api/collect/"+token, "", map[string]any{"values": values, "consent": true})
		}

		// The Standard Emergency Form: no e-mail on the record.
		standard := e.newLink(o, map[string]any{})
		ann := workerRecord("Łukasz Wiśniewski")
		ann["dateOfBirth"] = "1980-12-31"
		wantStatus(t, send(standard, ann), http.StatusCreated, "")
		again := workerRecord("lukasz wisniewski")
		again["dateOfBirth"] = "1980-12-31"
		again["contact1Phone"], again["conditions"] = "+44 7700 900999", "None"
		resp := send(standard, again)
		wantStatus(t, resp, http.StatusConflict, returning)
		if strings.Contains(string(resp.Body), "diabetes") || strings.Contains(string(resp.Body), "Sam Doe") {
			t.Fatalf("the answer tells of the record: %s", resp.Body)
		}
		codes := e.library(o)
		if len(codes) != 1 || codes[0].Record.Values["conditions"] != "Type 1 diabetes" {
			t.Fatalf("library after the returning worker %+v", codes)
		}
		// The officer is asked to send the update link.
		e.waitForMail()
		mails := e.Outbox.Messages()
		if len(mails) == 0 {
			t.Fatal("no mail to the officer")
		}
		m := mails[len(mails)-1]
		if m.To != "officer@acme.example" || m.Subject != cloud.MsgReturningWorkerMailSubject ||
			!strings.Contains(m.Text, fmt.Sprintf("QR code %d", codes[0].ID)) || strings.Contains(m.Text, "diabetes") {
			t.Fatalf("officer's mail %+v", m)
		}
		d := e.do("GET", o.path("/dashboard"), o.token, nil)
		if !strings.Contains(string(d.Body), cloud.ActivityReturningWorker) {
			t.Fatalf("recent activity %s", d.Body)
		}
		// The same phone, no date of birth: the same worker too.
		byPhone := workerRecord("Łukasz Wiśniewski")
		wantStatus(t, send(standard, byPhone), http.StatusConflict, returning)
		// A namesake with another date of birth and phone is another worker.
		namesake := workerRecord("Łukasz Wiśniewski")
		namesake["dateOfBirth"], namesake["contact1Phone"] = "1999-01-02", "+44 7700 900555"
		wantStatus(t, send(standard, namesake), http.StatusCreated, "")

		// A form with the worker's own e-mail: the update link goes there.
		fields := []emergency.Field{
			{ID: "fullName", Type: emergency.FieldText, Label: "Full Name", Required: true, Category: "personal", Order: 1, Standard: emergency.SlotFullName},
			{ID: "email", Type: emergency.FieldEmail, Label: "Email", Category: "personal", Order: 2},
			{ID: "phone", Type: emergency.FieldPhone, Label: "Phone", Category: "personal", Order: 3},
		}
		resp = e.do("POST", o.path("/form-templates"), o.token, map[string]any{"name": "Crew", "fields": fields})
		wantStatus(t, resp, http.StatusCreated, "")
		crew := e.newLink(o, map[string]any{"templateId": resp.JSON()["template"].(map[string]any)["id"]})
		wantStatus(t, send(crew, map[string]string{"fullName": "Nguyễn Văn An", "email": "an@worker.example", "phone": "+44 7700 900777"}), http.StatusCreated, "")
		resp = send(crew, map[string]string{"fullName": "NGUYEN VAN AN", "email": "someone@else.example", "phone": "+44 (7700) 900-777"})
		wantStatus(t, resp, http.StatusConflict, returning)
		if strings.Contains(string(resp.Body), "an@worker.example") {
			t.Fatalf("the answer tells the record's address: %s", resp.Body)
		}
		e.waitForMail()
		mails = e.Outbox.Messages()
		m = mails[len(mails)-1]
		if m.To != "an@worker.example" || m.Subject != cloud.MsgUpdateLinkMailSubject {
			t.Fatalf("update link mail %+v", m)
		}
		url := m.Text[strings.Index(m.Text, "/collect/"):]
		url = url[:strings.IndexAny(url, "\r\n")]
		f := e.do("GET", "/api/collect/"+tokenOf(url), "", nil).JSON()
		if f["update"] != true || f["values"].(map[string]any)["email"] != "an@worker.example" {
			t.Fatalf("update form %v", f)
		}
		if n := len(e.library(o)); n != 3 {
			t.Fatalf("%d codes, want 3", n)
		}
	})
}
