package client

import (
	"context"
	"net/url"
	"strconv"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// Order statuses, in fulfilment order (admin-corporate-side §8).
const (
	OrderPending    = "pending"
	OrderProcessing = "processing"
	OrderShipped    = "shipped"
	OrderDelivered  = "delivered"
)

// Order is a physical label order as an admin sees it: OrderID is LT-...,
// LabelType helmet, gear or wallet, Quantity the packs (one full sheet
// each).
type Order = api.AdminOrder

// Tracking is the order's tracking number, "" when none.
func Tracking(o Order) string {
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

// OrdersPage is one page of physical orders, newest first.
type OrdersPage = api.AdminOrdersPage

// AdminOrders lists physical orders (GET /api/admin/physical-orders).
// Searching a status name finds that status (and any order whose id or
// e-mail contains the word, so filter on Status too).
func (c *Client) AdminOrders(ctx context.Context, p Page) (*OrdersPage, error) {
	var out OrdersPage
	if err := c.do(ctx, "GET", "/api/admin/physical-orders", p.query(), nil, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// UpdateOrder sets an order's status and tracking number
// (PUT /api/admin/physical-orders/{orderId}); shipped needs a tracking
// number. The cloud records every call in the order's history.
func (c *Client) UpdateOrder(ctx context.Context, orderID, status, tracking string) (*Order, error) {
	var out api.AdminOrderUpdated
	body := api.AdminOrderUpdate{Status: status, TrackingNumber: tracking}
	if err := c.do(ctx, "PUT", pathf("/api/admin/physical-orders/%s", orderID), nil, body, &out, nil); err != nil {
		return nil, err
	}
	return &out.Order, nil
}

// OrderChange is one entry of an order's history; ChangedBy is an admin's
// e-mail, nil for the payment.
type OrderChange = api.AdminOrderHistoryEntry

// OrderHistory lists an order's status changes, oldest first.
func (c *Client) OrderHistory(ctx context.Context, orderID string) ([]OrderChange, error) {
	var out api.AdminOrderHistory
	if err := c.do(ctx, "GET", pathf("/api/admin/physical-orders/%s/history", orderID), nil, nil, &out, nil); err != nil {
		return nil, err
	}
	return out.History, nil
}

// CustomerData is a customer's record for printing their labels
// (GET /api/admin/customer-data/{userId}); the cloud audits the read.
// EmergencyData is nil when the customer has no record.
type CustomerData = api.AdminCustomerData

// CustomerRecord is the stored emergency record and when it last changed.
type CustomerRecord = api.AdminCustomerRecord

// RecordData is the record as pkg/emergency's type.
func RecordData(r CustomerRecord) emergency.Data {
	return emergency.Data{PersonalInfo: r.PersonalInfo, EmergencyContacts: r.EmergencyContacts, MedicalInfo: r.MedicalInfo}
}

// CustomerData reads a customer's record for printing.
func (c *Client) CustomerData(ctx context.Context, userID int64) (*CustomerData, error) {
	var out CustomerData
	if err := c.do(ctx, "GET", pathf("/api/admin/customer-data/%s", userID), nil, nil, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}
