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

	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/station/internal/session"
)

// While the cloud cannot be reached, the Fulfilment screen (the website's
// orders panel, whose calls come through Cloud.Request) is answered from
// the station's cache of open orders (station/internal/orders): the queue,
// the customer's record, the labels rendered here, and status changes,
// which are queued and sent when the cloud answers again. Only these four
// calls are answered; any other still fails as a connection error.

// ordersRefreshEvery is how often an online orders list also refreshes the
// cache: each refresh reads (and so audits) every open order's record.
const ordersRefreshEvery = 5 * time.Minute

// orderCache refreshes the cache in the background, at most one at a time.
type orderCache struct {
	mu        sync.Mutex
	running   bool
	refreshed time.Time
}

// refreshAfterList refreshes the cached open orders after an online list
// call when the last refresh is older than ordersRefreshEvery.
func (c *Cloud) refreshAfterList(account session.Account) {
	if account.Role != session.RoleAdmin {
		return
	}
	oc := &c.orders
	oc.mu.Lock()
	if oc.running || time.Since(oc.refreshed) < ordersRefreshEvery {
		oc.mu.Unlock()
		return
	}
	oc.running = true
	oc.mu.Unlock()
	go func() {
		ctx, cancel := context.WithTimeout(c.app.context(), 2*time.Minute)
		defer cancel()
		_, err := c.app.svc.Orders.Refresh(ctx)
		oc.mu.Lock()
		defer oc.mu.Unlock()
		oc.running = false
		if err == nil {
			oc.refreshed = time.Now()
		}
	}()
}

// offlineAnswer answers one of the orders panel's calls from the cache; ok
// is false for any other call.
func (c *Cloud) offlineAnswer(ctx context.Context, method, path, body string) (answer CloudAnswer, ok bool) {
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
		list := make([]client.Order, 0, len(view.Orders))
		for _, o := range view.Orders {
			list = append(list, o.Order)
		}
		return jsonAnswer(map[string]any{"orders": list, "total": len(list), "page": 1, "pageSize": max(len(list), 1)}), true

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
				return jsonAnswer(map[string]any{
					"user":          map[string]any{"email": o.Order.UserEmail, "hasPrintAccess": true},
					"emergencyData": o.Record,
				}), true
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
			if _, err := orders.SetStatus(ctx, parts[1], client.OrderProcessing, o.Order.Tracking()); err != nil {
				return refusal(err), true
			}
		}
		return CloudAnswer{Status: http.StatusOK, StatusText: "OK", ContentType: "application/pdf", Body: pdf.Bytes()}, true

	case method == http.MethodPut && len(parts) == 2 && parts[0] == "physical-orders":
		var change struct {
			Status         string `json:"status"`
			TrackingNumber string `json:"trackingNumber"`
		}
		if err := json.Unmarshal([]byte(body), &change); err != nil {
			return CloudAnswer{}, false
		}
		outcome, err := orders.SetStatus(ctx, parts[1], change.Status, change.TrackingNumber)
		if err != nil {
			return refusal(err), true
		}
		return jsonAnswer(map[string]string{"message": outcome.Message}), true
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
