package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/station/internal/cache"
	"github.com/lifetag/lifetag/station/internal/session"
)

// While the cloud cannot be reached, the Fulfilment screen (the website's
// orders panel, whose calls come through Cloud.Request) is answered from
// the station's cache of open orders (station/internal/orders): the queue,
// the customer's record, the labels rendered here, and status changes,
// which are queued and sent when the cloud answers again. The Batch screen
// (the website's batch-print page) is answered from the cached library
// (app_offline_library.go). Only these calls are answered; any other still
// fails as a connection error.

// cacheRefreshEvery is how often an online list also refreshes the cache
// behind it (the open orders, the library): each refresh reads (and so
// audits) every cached record.
const cacheRefreshEvery = 5 * time.Minute

// refresher runs one background job at a time, at most once per interval
// (0: whenever none is running).
type refresher struct {
	mu        sync.Mutex
	running   bool
	refreshed time.Time
}

// start runs job in the background unless it is running or ran less than
// every ago; a failed run is tried again at the next call.
func (r *refresher) start(parent context.Context, every time.Duration, job func(context.Context) error) {
	r.mu.Lock()
	if r.running || (every > 0 && time.Since(r.refreshed) < every) {
		r.mu.Unlock()
		return
	}
	r.running = true
	r.mu.Unlock()
	go func() {
		ctx, cancel := context.WithTimeout(parent, 2*time.Minute)
		defer cancel()
		err := job(ctx)
		r.mu.Lock()
		defer r.mu.Unlock()
		r.running = false
		if err == nil {
			r.refreshed = time.Now()
		}
	}()
}

// refreshAfterList refreshes the cached open orders after an online list call.
func (c *Cloud) refreshAfterList(account session.Account) {
	if account.Role != session.RoleAdmin {
		return
	}
	c.orders.start(c.app.context(), cacheRefreshEvery, func(ctx context.Context) error {
		_, err := c.app.svc.Orders.Refresh(ctx)
		return err
	})
}

// refreshLibraryAfterList syncs the cached library after an online list of
// the organisation's codes, so the Batch screen works offline later.
func (c *Cloud) refreshLibraryAfterList(account session.Account) {
	if account.Role != session.RoleCorporate {
		return
	}
	c.library.start(c.app.context(), cacheRefreshEvery, func(ctx context.Context) error {
		_, err := c.app.svc.Library.Refresh(ctx)
		return err
	})
}

// sendQueued sends the changes queued while offline once the cloud answers
// again (the print runs, status changes and codes kept on this station).
func (c *Cloud) sendQueued(ctx context.Context, account session.Account) {
	if n, err := c.app.svc.Cache.CountChanges(ctx, account.Key(), cache.ChangePending); err != nil || n == 0 {
		return
	}
	c.sending.start(c.app.context(), 0, func(ctx context.Context) error {
		_, err := c.app.svc.Offline.Sync(ctx)
		return err
	})
}

// offlineAnswer answers one of the orders panel's or the batch screen's
// calls from the cache; ok is false for any other call.
func (c *Cloud) offlineAnswer(ctx context.Context, method, path, body string) (answer CloudAnswer, ok bool) {
	if answer, ok := c.offlineOrdersAnswer(ctx, method, path, body); ok {
		return answer, true
	}
	return c.offlineLibraryAnswer(ctx, method, path, body)
}

// offlineOrdersAnswer answers one of the orders panel's calls from the cache.
func (c *Cloud) offlineOrdersAnswer(ctx context.Context, method, path, body string) (answer CloudAnswer, ok bool) {
	route, _, _ := strings.Cut(path, "?")
	parts := strings.Split(strings.TrimPrefix(route, "/api/admin/"), "/")
	if !strings.HasPrefix(route, "/api/admin/") {
		return CloudAnswer{}, false
	}
	orders := c.app.svc.Orders
	switch {
	case method == http.MethodGet && route == "/api/admin/physical-orders":
		view, err := orders.List(ctx)
		if err != nil {
			return refusal(err), true
		}
		list := make([]api.AdminOrder, 0, len(view.Orders))
		for _, o := range view.Orders {
			list = append(list, o.Order)
		}
		return jsonAnswer(api.AdminOrdersPage{Orders: list, Total: int64(len(list)), Page: 1, PageSize: max(len(list), 1)}), true

	case method == http.MethodGet && len(parts) == 2 && parts[0] == "customer-data":
		userID, err := strconv.ParseInt(parts[1], 10, 64)
		if err != nil {
			return CloudAnswer{}, false
		}
		view, err := orders.List(ctx)
		if err != nil {
			return refusal(err), true
		}
		for _, o := range view.Orders {
			if o.Order.UserID == userID {
				// A paid physical order includes print access (cloud/service/payment.go).
				answer := api.AdminCustomerData{User: api.AdminCustomer{Email: o.Order.UserEmail, HasPrintAccess: true}}
				if o.Record != nil {
					answer.EmergencyData = &api.AdminCustomerRecord{LastUpdated: o.RecordSaved, PersonalInfo: o.Record.PersonalInfo,
						EmergencyContacts: o.Record.EmergencyContacts, MedicalInfo: o.Record.MedicalInfo}
				}
				return jsonAnswer(answer), true
			}
		}
		return CloudAnswer{}, false

	case method == http.MethodPost && len(parts) == 3 && parts[0] == "physical-orders" && parts[2] == "labels.pdf":
		var pdf bytes.Buffer
		if err := orders.RenderPDF(ctx, parts[1], &pdf); err != nil {
			return refusal(err), true
		}
		// As the cloud's Print Labels: a pending order moves to processing
		// (queued until the cloud answers).
		if o, err := c.app.svc.Cache.Order(ctx, c.accountKey(), parts[1]); err == nil && o != nil && o.Order.Status == client.OrderPending {
			if _, err := orders.SetStatus(ctx, parts[1], client.OrderProcessing, client.Tracking(o.Order)); err != nil {
				return refusal(err), true
			}
		}
		return CloudAnswer{Status: http.StatusOK, StatusText: "OK", ContentType: "application/pdf", Body: pdf.Bytes()}, true

	case method == http.MethodPut && len(parts) == 2 && parts[0] == "physical-orders":
		var change api.AdminOrderUpdate
		if err := json.Unmarshal([]byte(body), &change); err != nil {
			return CloudAnswer{}, false
		}
		outcome, err := orders.SetStatus(ctx, parts[1], change.Status, change.TrackingNumber)
		if err != nil {
			return refusal(err), true
		}
		return jsonAnswer(api.Message{Message: outcome.Message}), true
	}
	return CloudAnswer{}, false
}

func (c *Cloud) accountKey() string {
	if a := c.app.svc.Session.Current(); a != nil {
		return a.Key()
	}
	return ""
}

func jsonAnswer(v any) CloudAnswer {
	data, _ := json.Marshal(v)
	return CloudAnswer{Status: http.StatusOK, StatusText: "OK", ContentType: "application/json", Body: data}
}

// refusal is a service's error as the cloud's refusals look to the window
// (the features show the message).
func refusal(err error) CloudAnswer {
	data, _ := json.Marshal(map[string]string{"message": err.Error()})
	return CloudAnswer{Status: http.StatusServiceUnavailable, StatusText: "Service Unavailable",
		ContentType: "application/json", Body: data}
}
