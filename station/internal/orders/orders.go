// Package orders is the station's fulfilment loop for admins: the open
// orders (pending and processing) with their customers' records, cached
// for printing offline; an order's labels rendered here with pkg/sheet
// exactly as the cloud's Print Labels renders them (sheet.OrderSheets: the
// ordered preset on A4, one full sheet per pack); print; then shipped with
// a tracking number. A status change the cloud does not answer is queued
// and sent when it does.
package orders

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/station/internal/cache"
	"github.com/lifetag/lifetag/station/internal/offline"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/session"
)

// KindStatus is a queued order status change.
const KindStatus = "order-status"

// Messages the window shows.
const (
	MsgNoRecord      = "This customer has not saved an emergency record yet, so there is nothing to print."
	MsgNotCached     = "This order is not on this station. Refresh the orders while the cloud answers."
	MsgQueued        = "Saved on this station. It will be sent when the cloud answers."
	MsgOrderGone     = "The order no longer exists on the cloud."
	MsgOfflineOrders = "The cloud cannot be reached: showing the orders this station last synced."
)

// pageSize is the cloud's largest admin page.
const pageSize = 200

// openStatuses are the statuses fulfilment still has to act on.
var openStatuses = []string{client.OrderPending, client.OrderProcessing}

// Service is the fulfilment loop.
type Service struct {
	session  *session.Service
	cache    *cache.DB
	offline  *offline.Tracker
	printing *printing.Service
	// Now dates the QR text's Generated line (and is replaceable in tests).
	Now func() time.Time
}

// New returns the service and registers its queued change's handler.
func New(s *session.Service, db *cache.DB, tr *offline.Tracker, p *printing.Service) *Service {
	svc := &Service{session: s, cache: db, offline: tr, printing: p, Now: time.Now}
	tr.Handle(KindStatus, svc.sendStatus)
	return svc
}

// View is the open orders as the window lists them.
type View struct {
	Orders   []cache.Order `json:"orders"`
	SyncedAt *time.Time    `json:"syncedAt"` // nil: never synced
	Offline  bool          `json:"offline"`
	Message  string        `json:"message,omitempty"`
}

// Refresh sends queued changes, then reads the open orders and their
// customers' records from the cloud into the cache. When the cloud does not
// answer, it returns the cached orders, marked offline.
func (s *Service) Refresh(ctx context.Context) (*View, error) {
	c, account, err := s.session.Require(session.RoleAdmin)
	if err != nil {
		return nil, err
	}
	return offline.Refresh(ctx, s.offline, account,
		func(ctx context.Context) ([]cache.Order, error) { return fetchOpen(ctx, c) },
		func(ctx context.Context, orders []cache.Order) error {
			return s.cache.ReplaceOrders(ctx, account.Key(), orders, s.Now())
		},
		s.List,
		func(v *View) { v.Offline, v.Message = true, MsgOfflineOrders })
}

// fetchOpen reads every pending and processing order and its customer's
// record. The search for a status also finds orders whose id or e-mail
// holds the word, so each order's status is checked too.
func fetchOpen(ctx context.Context, c *client.Client) ([]cache.Order, error) {
	var out []cache.Order
	for _, status := range openStatuses {
		for page := 1; ; page++ {
			p, err := c.AdminOrders(ctx, client.Page{Search: status, Page: page, PageSize: pageSize})
			if err != nil {
				return nil, err
			}
			for _, o := range p.Orders {
				if o.Status != status {
					continue
				}
				data, err := c.CustomerData(ctx, o.UserID)
				if err != nil {
					return nil, err
				}
				co := cache.Order{Order: o}
				if data.EmergencyData != nil {
					d := client.RecordData(*data.EmergencyData)
					co.Record, co.RecordSaved = &d, data.EmergencyData.LastUpdated
				}
				out = append(out, co)
			}
			if len(p.Orders) < pageSize || int64(page*pageSize) >= p.Total {
				break
			}
		}
	}
	return out, nil
}

// List returns the cached open orders (no network).
func (s *Service) List(ctx context.Context) (*View, error) {
	_, account, err := s.session.Require(session.RoleAdmin)
	if err != nil {
		return nil, err
	}
	orders, synced, err := s.cache.Orders(ctx, account.Key())
	if err != nil {
		return nil, err
	}
	v := &View{Orders: orders}
	if v.Orders == nil {
		v.Orders = []cache.Order{}
	}
	if !synced.IsZero() {
		v.SyncedAt = &synced
	}
	return v, nil
}

// cached returns one cached order.
func (s *Service) cached(ctx context.Context, orderID string) (*cache.Order, session.Account, error) {
	_, account, err := s.session.Require(session.RoleAdmin)
	if err != nil {
		return nil, account, err
	}
	o, err := s.cache.Order(ctx, account.Key(), strings.TrimSpace(orderID))
	if err != nil {
		return nil, account, err
	}
	if o == nil {
		return nil, account, errors.New(MsgNotCached)
	}
	return o, account, nil
}

// Label is the order's label: its customer's record and the QR text the
// code carries, dated today in the product's time zone as the cloud dates it.
func (s *Service) Label(ctx context.Context, orderID string) (sheet.Label, *cache.Order, error) {
	o, _, err := s.cached(ctx, orderID)
	if err != nil {
		return sheet.Label{}, nil, err
	}
	if o.Record == nil {
		return sheet.Label{}, nil, errors.New(MsgNoRecord)
	}
	if errs := o.Record.Validate(); errs != nil {
		return sheet.Label{}, nil, fmt.Errorf("The customer's record cannot be printed: %s", errs[0].Message)
	}
	loc, err := time.LoadLocation(emergency.DefaultTimeZone)
	if err != nil {
		return sheet.Label{}, nil, err
	}
	return sheet.RecordLabel(*o.Record, emergency.QRText(*o.Record, s.Now(), loc)), o, nil
}

// RenderPDF writes the order's labels as one PDF with no calibration
// offset (Save PDF).
func (s *Service) RenderPDF(ctx context.Context, orderID string, w io.Writer) error {
	label, o, err := s.Label(ctx, orderID)
	if err != nil {
		return err
	}
	return sheet.RenderOrder(w, labels.Kind(o.Order.LabelType), label, o.Order.Quantity, sheet.Options{})
}

// SavePDF saves the order's labels to path.
func (s *Service) SavePDF(ctx context.Context, orderID, path string) error {
	var pdf bytes.Buffer
	if err := s.RenderPDF(ctx, orderID, &pdf); err != nil {
		return err
	}
	return printing.WriteFile(path, pdf.Bytes())
}

// PrintResult is a print and what became of the order's status.
type PrintResult struct {
	printing.Result
	Status *Outcome `json:"status"` // the move to processing, when the order was pending
}

// Print prints the order's labels on job's printer (with its calibration)
// and, as Print Labels does on the web, moves a pending order to
// processing, sent now or queued.
func (s *Service) Print(ctx context.Context, orderID string, job printing.Job, progress printing.Progress) (*PrintResult, error) {
	label, o, err := s.Label(ctx, orderID)
	if err != nil {
		return nil, err
	}
	t, items, opts, err := sheet.OrderSheets(labels.Kind(o.Order.LabelType), label, o.Order.Quantity)
	if err != nil {
		return nil, err
	}
	if job.Title == "" {
		job.Title = "Lifetag order " + o.Order.OrderID
	}
	res, err := s.printing.Print(ctx, t, items, opts, job, progress)
	if err != nil {
		return nil, err
	}
	out := &PrintResult{Result: *res}
	if o.Order.Status == client.OrderPending {
		out.Status, err = s.SetStatus(ctx, o.Order.OrderID, client.OrderProcessing, client.Tracking(o.Order))
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// Outcome is a status change: sent to the cloud now, or queued.
type Outcome struct {
	Sent    bool        `json:"sent"`
	Queued  bool        `json:"queued"`
	Message string      `json:"message,omitempty"`
	Order   cache.Order `json:"order"`
}

// statusChange is the queued payload.
type statusChange struct {
	OrderID  string `json:"orderId"`
	Status   string `json:"status"`
	Tracking string `json:"trackingNumber"`
}

// SetStatus sets an order's status and tracking number (shipped needs
// one: the cloud says so). Earlier queued changes go first, so changes
// reach the cloud in the order they were made. When the cloud does not
// answer the change is queued and the cached order shows it.
func (s *Service) SetStatus(ctx context.Context, orderID, status, tracking string) (*Outcome, error) {
	c, account, err := s.session.Require(session.RoleAdmin)
	if err != nil {
		return nil, err
	}
	change := statusChange{OrderID: strings.TrimSpace(orderID), Status: strings.TrimSpace(status), Tracking: strings.TrimSpace(tracking)}
	pending, err := s.cache.CountChanges(ctx, account.Key(), cache.ChangePending)
	if err != nil {
		return nil, err
	}
	online := true
	if pending > 0 {
		res, err := s.offline.Sync(ctx)
		if err != nil {
			return nil, err
		}
		online = res.Online
	}
	if online {
		order, err := c.UpdateOrder(ctx, change.OrderID, change.Status, change.Tracking)
		if err = s.offline.Observe(ctx, account, err); err == nil {
			co := s.withOrder(ctx, account, *order)
			return &Outcome{Sent: true, Order: co}, s.cache.PutOrder(ctx, account.Key(), co)
		}
		if !errors.Is(err, client.ErrUnreachable) {
			return nil, err
		}
	}
	if _, err := s.offline.Queue(ctx, account, KindStatus, change); err != nil {
		return nil, err
	}
	co, err := s.cache.Order(ctx, account.Key(), change.OrderID)
	if err != nil {
		return nil, err
	}
	if co == nil {
		return &Outcome{Queued: true, Message: MsgQueued}, nil
	}
	co.Order.Status = change.Status
	co.Order.TrackingNumber = &change.Tracking
	return &Outcome{Queued: true, Message: MsgQueued, Order: *co}, s.cache.PutOrder(ctx, account.Key(), *co)
}

// Ship marks an order shipped with its tracking number.
func (s *Service) Ship(ctx context.Context, orderID, tracking string) (*Outcome, error) {
	return s.SetStatus(ctx, orderID, client.OrderShipped, tracking)
}

// withOrder is the cached order updated with the cloud's answer (the
// record stays as cached).
func (s *Service) withOrder(ctx context.Context, account session.Account, o api.AdminOrder) cache.Order {
	co, _ := s.cache.Order(ctx, account.Key(), o.OrderID)
	if co == nil {
		return cache.Order{Order: o}
	}
	co.Order = o
	return *co
}

// sendStatus replays a queued status change. Setting a status is
// idempotent, but the cloud records every call in the order's history (and
// mails the customer on a new tracking number), so a replay first reads the
// order: when it already has this status and tracking number, the first
// attempt reached the cloud and its answer was lost, and nothing is sent.
func (s *Service) sendStatus(ctx context.Context, c *client.Client, account session.Account, ch cache.Change) error {
	var change statusChange
	if err := offline.Decode(ch, &change); err != nil {
		return err
	}
	current, err := findOrder(ctx, c, change.OrderID)
	if err != nil {
		return err
	}
	if current.Status == change.Status && client.Tracking(*current) == change.Tracking {
		return nil
	}
	order, err := c.UpdateOrder(ctx, change.OrderID, change.Status, change.Tracking)
	if err != nil {
		return err
	}
	if co, _ := s.cache.Order(ctx, account.Key(), order.OrderID); co != nil {
		co.Order = *order
		s.cache.PutOrder(ctx, account.Key(), *co)
	}
	return nil
}

// findOrder reads one order by its id.
func findOrder(ctx context.Context, c *client.Client, orderID string) (*api.AdminOrder, error) {
	p, err := c.AdminOrders(ctx, client.Page{Search: orderID, PageSize: pageSize})
	if err != nil {
		return nil, err
	}
	for _, o := range p.Orders {
		if o.OrderID == orderID {
			return &o, nil
		}
	}
	return nil, &client.Error{Status: 404, Message: MsgOrderGone}
}
