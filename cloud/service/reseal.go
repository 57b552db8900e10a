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
	orders, err := s.resealColumn(
		func(after int64) ([]sealedValue, error) {
			orders, err := s.store.ListOrdersWithAddress(ctx, after, resealPage)
			values := make([]sealedValue, len(orders))
			for i, o := range orders {
				values[i] = sealedValue{o.ID, o.ShippingAddress, aad(o.UserID, fieldShippingAddress)}
			}
			return values, err
		},
		func(id int64, old, new []byte) (bool, error) {
			return s.store.ReplaceShippingAddress(ctx, id, old, new)
		})
	n += orders
	if err != nil {
		return n, err
	}
	payments, err := s.resealColumn(
		func(after int64) ([]sealedValue, error) {
			payments, err := s.store.ListPaymentAddresses(ctx, after, resealPage)
			values := make([]sealedValue, len(payments))
			for i, p := range payments {
				values[i] = sealedValue{p.ID, p.ShippingAddress, paymentAAD(p.Ref)}
			}
			return values, err
		},
		func(id int64, old, new []byte) (bool, error) { return s.store.ReplacePaymentAddress(ctx, id, old, new) })
	n += payments
	if err != nil {
		return n, err
	}
	codes, err := s.resealColumn(
		func(after int64) ([]sealedValue, error) {
			codes, err := s.store.ListSealedCodes(ctx, after, resealPage)
			values := make([]sealedValue, len(codes))
			for i, c := range codes {
				values[i] = sealedValue{c.ID, c.Sealed, aad(c.OrganizationID, fieldCodeRecord)}
			}
			return values, err
		},
		func(id int64, old, new []byte) (bool, error) { return s.store.ReplaceSealedCode(ctx, id, old, new) })
	n += codes
	if err != nil {
		return n, err
	}
	secrets, err := s.resealColumn(
		func(after int64) ([]sealedValue, error) {
			list, err := s.store.ListTOTPSecrets(ctx, after, resealPage)
			values := make([]sealedValue, len(list))
			for i, t := range list {
				values[i] = sealedValue{t.UserID, t.SecretSealed, aad(t.UserID, fieldTOTPSecret)}
			}
			return values, err
		},
		func(userID int64, old, new []byte) (bool, error) {
			return s.store.ReplaceTOTPSecret(ctx, userID, old, new)
		})
	n += secrets
	return n, err
}

// sealedValue is one sealed cell: its row id, ciphertext and AAD.
type sealedValue struct {
	id     int64
	sealed []byte
	place  []byte
}

// resealColumn re-seals, page by page, the values list returns (rows after
// an id) that are not under the current key, swapping each with replace only
// if it is unchanged. It returns how many it rewrote.
func (s *Service) resealColumn(list func(after int64) ([]sealedValue, error),
	replace func(id int64, old, new []byte) (bool, error)) (int, error) {
	n := 0
	for after := int64(0); ; {
		values, err := list(after)
		if err != nil || len(values) == 0 {
			return n, err
		}
		for _, v := range values {
			after = v.id
			if s.sealer.SealedWithCurrent(v.sealed) {
				continue
			}
			plain, err := s.sealer.Open(v.sealed, v.place)
			if err != nil {
				return n, fmt.Errorf("reseal: row %d: %w", v.id, err)
			}
			resealed, err := s.sealer.Seal(plain, v.place)
			if err != nil {
				return n, err
			}
			wrote, err := replace(v.id, v.sealed, resealed)
			if err != nil {
				return n, err
			}
			if wrote {
				n++
			}
		}
	}
}
