package main

import (
	"github.com/lifetag/lifetag/station/internal/orders"
	"github.com/lifetag/lifetag/station/internal/printing"
)

// Orders is the fulfilment queue kept for offline work
// (station/internal/orders): the open orders and their records cached, labels
// rendered here, status changes queued while the cloud is away. The
// Fulfilment screen (the website's orders panel) calls the cloud through
// Cloud, which answers from this service while the cloud is away
// (app_offline.go); these methods bind the same service for direct use.
type Orders struct {
	app *App
}

// Refresh fetches the open orders (and their records) into the cache.
func (o *Orders) Refresh() (*orders.View, error) { return o.app.svc.Orders.Refresh(o.app.context()) }

// List is the cached queue, offline too.
func (o *Orders) List() (*orders.View, error) { return o.app.svc.Orders.List(o.app.context()) }

// Print prints an order's labels on the chosen printer; pending moves to processing.
func (o *Orders) Print(orderID string) (*orders.PrintResult, error) {
	st, err := o.app.svc.Settings.Load()
	if err != nil {
		return nil, err
	}
	job := printing.Job{Printer: st.Printer, Paper: st.Paper, Title: orderID}
	return o.app.svc.Orders.Print(o.app.context(), orderID, job, nil)
}

// SavePDF saves an order's labels where the person chooses.
func (o *Orders) SavePDF(orderID string) (string, error) {
	path, err := o.app.savePath("lifetag-order-" + orderID + ".pdf")
	if err != nil {
		return "", err
	}
	return path, o.app.svc.Orders.SavePDF(o.app.context(), orderID, path)
}

// Ship marks an order shipped with its tracking number (queued offline).
func (o *Orders) Ship(orderID, tracking string) (*orders.Outcome, error) {
	return o.app.svc.Orders.Ship(o.app.context(), orderID, tracking)
}
