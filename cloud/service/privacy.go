package service

import (
	"context"
	"encoding/json"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// exportAccount is the account row: the owner's view of it (ViewUser) and
// the profile.
func exportAccount(u *cloud.User) api.ExportAccount {
	v := ViewUser(u)
	return api.ExportAccount{ID: v.ID, Email: v.Email, HasPrintAccess: v.HasPrintAccess, IsAdmin: v.IsAdmin,
		StripeCustomerID: v.StripeCustomerID, ReferralCode: v.ReferralCode, CreatedAt: v.CreatedAt,
		FirstName: u.FirstName, LastName: u.LastName, ProfileImageURL: u.ProfileImageURL, UserType: u.UserType,
		UpdatedAt: u.UpdatedAt}
}

// exportOrder is an order as its owner sees it, with its shipping address
// (JSON as sealed at checkout, or null).
func exportOrder(o api.OrderView, address json.RawMessage) api.ExportOrder {
	return api.ExportOrder{ID: o.ID, OrderID: o.OrderID, UserEmail: o.UserEmail, LabelType: o.LabelType,
		Quantity: o.Quantity, Price: o.Price, PricePence: o.PricePence, Status: o.Status,
		TrackingNumber: o.TrackingNumber, CreatedAt: o.CreatedAt, ShippingAddress: address}
}

// exportReview is the record's review cycle: when it was last confirmed,
// the reminder setting, and the reminders mailed. A reminder's links are
// secrets, like a password, so neither they nor their hashes are exported.
func (s *Service) exportReview(ctx context.Context, u *cloud.User) (api.ExportReview, error) {
	state, err := s.reviewState(ctx, u)
	if err != nil {
		return api.ExportReview{}, err
	}
	reminders, err := s.store.ListReviewReminders(ctx, u.ID)
	if err != nil {
		return api.ExportReview{}, err
	}
	out := api.ExportReview{ReviewReminderMonths: api.ReviewReminderMonths(state.Months),
		Reminders: make([]api.ExportReviewReminder, len(reminders))}
	if !state.ReviewedAt.IsZero() {
		out.ReviewedAt = &state.ReviewedAt
	}
	for i, r := range reminders {
		out.Reminders[i] = api.ExportReviewReminder{SentAt: r.SentAt, AboutReviewedAt: r.PeriodStart,
			ConfirmLinkExpiresAt: r.ConfirmExpiresAt, ConfirmedAt: r.ConfirmedAt, UnsubscribeLinkExpiresAt: r.UnsubscribeExpiresAt}
	}
	return out, nil
}

// ExportData gathers email's data.
func (s *Service) ExportData(ctx context.Context, actor *cloud.User, email string) (*api.DataExport, error) {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return nil, err
	}
	out := &api.DataExport{
		ExportedAt:     s.now().UTC(),
		Account:        exportAccount(target),
		ReferredByCode: optional(target.ReferredByCode),
		PhysicalOrders: []api.ExportOrder{},
		Referrals:      []api.ReferralView{},
	}
	if out.EmergencyData, err = s.findRecord(ctx, target.ID); err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND {
		return nil, err
	}
	if out.Review, err = s.exportReview(ctx, target); err != nil {
		return nil, err
	}
	orders, err := s.store.ListOrders(ctx, target.ID)
	if err != nil {
		return nil, err
	}
	views, err := s.orders(ctx, target)
	if err != nil {
		return nil, err
	}
	for i, o := range orders {
		address := json.RawMessage("null")
		if o.ShippingAddress != nil {
			plain, err := s.sealer.Open(o.ShippingAddress, aad(target.ID, fieldShippingAddress))
			if err != nil {
				return nil, err
			}
			address = plain
		}
		out.PhysicalOrders = append(out.PhysicalOrders, exportOrder(views[i], address))
	}
	if target.ReferralCode != "" {
		dashboard, err := s.Referrals(ctx, actor, target.Email)
		if err != nil {
			return nil, err
		}
		out.Referrals = dashboard.Referrals
	}
	return out, nil
}

// SealShippingAddress seals an order's address (JSON) for the store; the
// payments code uses it when it records an order.
func (s *Service) SealShippingAddress(userID int64, address any) ([]byte, error) {
	return s.sealJSON(userID, fieldShippingAddress, address)
}

// DeleteData deletes email's personal data (emergency record and the
// reminders about it, profile, shipping addresses), keeping the account,
// its reminder setting and its purchases.
func (s *Service) DeleteData(ctx context.Context, actor *cloud.User, email, confirmation string) error {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return err
	}
	if confirmation != cloud.PhraseDeleteData {
		return cloud.NewError(cloud.EINVALID, cloud.MsgConfirmRequired)
	}
	// A paid identity stays locked after its record goes: only its keyed
	// fingerprint is kept, never the fields.
	if target.HasPrintAccess {
		record, err := s.findRecord(ctx, target.ID)
		switch cloud.ErrorCode(err) {
		case "":
			if err := s.keepIdentityFingerprint(ctx, target, record.PersonalInfo); err != nil {
				return err
			}
		case cloud.ENOTFOUND:
		default:
			return err
		}
	}
	return s.store.DeletePersonalData(ctx, target.ID, s.now())
}

// DeleteAccount deletes email's account and everything that names it.
func (s *Service) DeleteAccount(ctx context.Context, actor *cloud.User, email, confirmation string) error {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return err
	}
	if confirmation != cloud.PhraseDeleteAccount {
		return cloud.NewError(cloud.EINVALID, cloud.MsgConfirmRequired)
	}
	return s.deleteAccount(ctx, target)
}

// deleteAccount is the one account deletion: the owner's (above) and an
// admin's (DeleteUser).
func (s *Service) deleteAccount(ctx context.Context, target *cloud.User) error {
	// An organisation always has its owner, who alone manages its billing.
	if target.UserType == cloud.UserTypeCorporateOwner {
		return cloud.NewError(cloud.ECONFLICT, cloud.MsgOwnerCannotBeRemoved)
	}
	return s.store.DeleteAccount(ctx, target.ID)
}
