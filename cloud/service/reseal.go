package service

import (
	"context"
	"fmt"
)

// resealPage is how many rows ResealAll reads at a time.
const resealPage = 200

// ResealAll re-seals, under the current key, every value still sealed with
// a previous one (after DATA_KEY rotation), and returns how many rows it
// rewrote. A row written meanwhile is left alone: its new value is already
// under the current key. Once it has run, the previous keys can be dropped.
func (s *Service) ResealAll(ctx context.Context) (int, error) {
	n := 0
	for after := int64(0); ; {
		records, err := s.store.ListEmergencyRecords(ctx, after, resealPage)
		if err != nil {
			return n, err
		}
		if len(records) == 0 {
			break
		}
		for _, r := range records {
			after = r.UserID
			if s.sealer.SealedWithCurrent(r.PersonalInfo) && s.sealer.SealedWithCurrent(r.EmergencyContacts) &&
				s.sealer.SealedWithCurrent(r.MedicalInfo) {
				continue
			}
			d, err := s.openRecord(r)
			if err != nil {
				return n, fmt.Errorf("reseal: %w", err)
			}
			resealed, err := s.sealRecord(r.UserID, *d)
			if err != nil {
				return n, err
			}
			resealed.UpdatedAt = r.UpdatedAt
			wrote, err := s.store.ReplaceEmergencyRecord(ctx, resealed, r.UpdatedAt)
			if err != nil {
				return n, err
			}
			if wrote {
				n++
			}
		}
	}
	for after := int64(0); ; {
		orders, err := s.store.ListOrdersWithAddress(ctx, after, resealPage)
		if err != nil {
			return n, err
		}
		if len(orders) == 0 {
			break
		}
		for _, o := range orders {
			after = o.ID
			if s.sealer.SealedWithCurrent(o.ShippingAddress) {
				continue
			}
			place := aad(o.UserID, fieldShippingAddress)
			plain, err := s.sealer.Open(o.ShippingAddress, place)
			if err != nil {
				return n, fmt.Errorf("reseal: order %d: %w", o.ID, err)
			}
			resealed, err := s.sealer.Seal(plain, place)
			if err != nil {
				return n, err
			}
			wrote, err := s.store.ReplaceShippingAddress(ctx, o.ID, o.ShippingAddress, resealed)
			if err != nil {
				return n, err
			}
			if wrote {
				n++
			}
		}
	}
	return n, nil
}
