package service

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// ViewUser returns u as the client sees it.
func ViewUser(u *cloud.User) api.UserView {
	return api.UserView{ID: u.ID, Email: u.Email, HasPrintAccess: u.HasPrintAccess, IsAdmin: u.IsAdmin,
		StripeCustomerID: optional(u.StripeCustomerID), ReferralCode: optional(u.ReferralCode), CreatedAt: u.CreatedAt}
}

// optional is nil (JSON null) for an empty string.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// UserData returns email's account and emergency record (null if none).
func (s *Service) UserData(ctx context.Context, actor *cloud.User, email string) (*api.UserData, error) {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return nil, err
	}
	d, err := s.findRecord(ctx, target.ID)
	if err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND {
		return nil, err
	}
	review, err := s.reviewState(ctx, target)
	if err != nil {
		return nil, err
	}
	data := &api.UserData{User: ViewUser(target), EmergencyData: d, ReviewReminderMonths: api.ReviewReminderMonths(review.Months)}
	if !review.ReviewedAt.IsZero() {
		data.ReviewedAt = &review.ReviewedAt
	}
	return data, nil
}

func (s *Service) orders(ctx context.Context, u *cloud.User) ([]api.OrderView, error) {
	orders, err := s.store.ListOrders(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	views := make([]api.OrderView, len(orders))
	for i, o := range orders {
		views[i] = api.OrderView{ID: o.ID, OrderID: o.OrderID, UserEmail: u.Email, LabelType: o.LabelType,
			Quantity: o.Quantity, Price: float64(o.PricePence) / 100, PricePence: o.PricePence,
			Status: o.Status, TrackingNumber: optional(o.TrackingNumber), CreatedAt: o.CreatedAt}
	}
	return views, nil
}

// Orders returns email's physical orders, newest first.
func (s *Service) Orders(ctx context.Context, actor *cloud.User, email string) ([]api.OrderView, error) {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return nil, err
	}
	return s.orders(ctx, target)
}

// PaymentStatus returns what email's account has paid for.
func (s *Service) PaymentStatus(ctx context.Context, actor *cloud.User, email string) (*api.PaymentStatus, error) {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return nil, err
	}
	orders, err := s.orders(ctx, target)
	if err != nil {
		return nil, err
	}
	return &api.PaymentStatus{HasPrintAccess: target.HasPrintAccess, StripeCustomerID: optional(target.StripeCustomerID),
		HasPhysicalOrder: len(orders) > 0, PhysicalOrders: orders}, nil
}

// SyncPaymentStatus returns the server's payment status of email's account.
// It is also the whole answer to a client's push: print access comes from
// verified payments only, so a pushed status changes nothing.
func (s *Service) SyncPaymentStatus(ctx context.Context, actor *cloud.User, email string) (*api.SyncPaymentStatus, error) {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return nil, err
	}
	var paymentID *string
	orders, err := s.store.ListOrders(ctx, target.ID)
	if err != nil {
		return nil, err
	}
	if len(orders) > 0 {
		paymentID = optional(orders[0].StripePaymentID)
	}
	return &api.SyncPaymentStatus{HasPaid: target.HasPrintAccess, HasPrintAccess: target.HasPrintAccess,
		PaymentID: paymentID, StripeCustomerID: optional(target.StripeCustomerID),
		SubscriptionID: optional(target.StripeSubscriptionID)}, nil
}
