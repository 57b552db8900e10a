package client

import (
	"context"
	"net/url"
	"strconv"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// Order statuses, in fulfilment order (docs/design/admin-corporate.md §4).
const (
	OrderPending    = "pending"
	OrderProcessing = "processing"
	OrderShipped    = "shipped"
	OrderDelivered  = "delivered"
)

// Tracking is the order's tracking number, "" when none.
func Tracking(o api.AdminOrder) string {
	if o.TrackingNumber == nil {
		return ""
	}
	return *o.TrackingNumber
}

// Page asks for one page of an admin list: 1-based page, size (0: the
// cloud's default) and a search (order id, e-mail, status or label type).
type Page struct {
	Search   string
	Page     int
	PageSize int
}

func (p Page) query() url.Values {
	q := url.Values{}
	if p.Search != "" {
		q.Set("search", p.Search)
	}
	if p.Page > 0 {
		q.Set("page", strconv.Itoa(p.Page))
	}
	if p.PageSize > 0 {
		q.Set("pageSize", strconv.Itoa(p.PageSize))
	}
	return q
}

// AdminOrders lists physical orders (GET /api/admin/physical-orders).
// Searching a status name finds that status (and any order whose id or
// e-mail contains the word, so filter on Status too).
func (c *Client) AdminOrders(ctx context.Context, p Page) (*api.AdminOrdersPage, error) {
	var out api.AdminOrdersPage
	if err := c.do(ctx, "GET", "/api/admin/physical-orders", p.query(), nil, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// UpdateOrder sets an order's status and tracking number
// (PUT /api/admin/physical-orders/{orderId}); shipped needs a tracking
// number. The cloud records every call in the order's history.
func (c *Client) UpdateOrder(ctx context.Context, orderID, status, tracking string) (*api.AdminOrder, error) {
	var out api.AdminOrderUpdated
	body := api.AdminOrderUpdate{Status: status, TrackingNumber: tracking}
	if err := c.do(ctx, "PUT", pathf("/api/admin/physical-orders/%s", orderID), nil, body, &out, nil); err != nil {
		return nil, err
	}
	return &out.Order, nil
}

// OrderHistory lists an order's status changes, oldest first.
func (c *Client) OrderHistory(ctx context.Context, orderID string) ([]api.AdminOrderHistoryEntry, error) {
	var out api.AdminOrderHistory
	if err := c.do(ctx, "GET", pathf("/api/admin/physical-orders/%s/history", orderID), nil, nil, &out, nil); err != nil {
		return nil, err
	}
	return out.History, nil
}

// RecordData is the record as pkg/emergency's type.
func RecordData(r api.AdminCustomerRecord) emergency.Data {
	return emergency.Data{PersonalInfo: r.PersonalInfo, EmergencyContacts: r.EmergencyContacts, MedicalInfo: r.MedicalInfo}
}

// CustomerData reads a customer's record for printing.
func (c *Client) CustomerData(ctx context.Context, userID int64) (*api.AdminCustomerData, error) {
	var out api.AdminCustomerData
	if err := c.do(ctx, "GET", pathf("/api/admin/customer-data/%s", userID), nil, nil, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}
