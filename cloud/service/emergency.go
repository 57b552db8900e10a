package service

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// The sealed fields of an emergency record; each name is part of its aad.
const (
	fieldPersonalInfo      = "emergency_data.personal_info"
	fieldEmergencyContacts = "emergency_data.emergency_contacts"
	fieldMedicalInfo       = "emergency_data.medical_info"
	fieldShippingAddress   = "physical_orders.shipping_address"
)

// PushEmergencyData validates and stores (sealed) the emergency record of
// email's account, returning it as stored. A save is a review: the record
// is confirmed as of now (review_reminder.go).
func (s *Service) PushEmergencyData(ctx context.Context, actor *cloud.User, email string, data *emergency.Data) (*StoredRecord, error) {
	ctx, span := startSpan(ctx, "PushEmergencyData")
	defer span.End()
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return nil, err
	}
	if data == nil {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgEmergencyRequired)
	}
	d := data.Normalized()
	if errs := d.Validate(); errs != nil {
		return nil, &cloud.Error{Code: cloud.EINVALID, Message: errs[0].Message, Fields: errs}
	}
	if target.HasPrintAccess && !actor.IsAdmin {
		if err := s.checkIdentityUnchanged(ctx, target, d); err != nil {
			return nil, err
		}
	}
	record, err := s.sealRecord(target.ID, d)
	if err != nil {
		return nil, err
	}
	if err := s.store.PutEmergencyRecord(ctx, record); err != nil {
		return nil, err
	}
	if target.HasPrintAccess {
		if err := s.keepIdentityFingerprint(ctx, target, d.PersonalInfo); err != nil {
			return nil, err
		}
	}
	return &StoredRecord{Data: d, ReviewedAt: record.ReviewedAt}, nil
}

// StoredRecord is a record as stored, with when its owner last confirmed it.
type StoredRecord struct {
	Data       emergency.Data
	ReviewedAt time.Time
}

// checkIdentityUnchanged holds the rule that after payment the full name,
// e-mail and date of birth are locked, so one paid code is not shared
// (docs/design/individual.md §2, §6). The stored record says what the identity is;
// once the person has deleted their data, its fingerprint does, so they may
// enter the same identity again but not a new one.
func (s *Service) checkIdentityUnchanged(ctx context.Context, target *cloud.User, d emergency.Data) error {
	locked := cloud.NewError(cloud.ECONFLICT, cloud.MsgIdentityLocked)
	stored, err := s.findRecord(ctx, target.ID)
	switch {
	case cloud.ErrorCode(err) == cloud.ENOTFOUND:
		if target.IdentityFingerprint != nil &&
			!s.sealer.MatchesFingerprint(identityOf(target.ID, d.PersonalInfo), target.IdentityFingerprint) {
			return locked
		}
		return nil
	case err != nil:
		return err
	}
	if !bytes.Equal(identityOf(target.ID, stored.PersonalInfo), identityOf(target.ID, d.PersonalInfo)) {
		return locked
	}
	return nil
}

// identityOf is the locked identity of a user's record as bytes: the
// account's id, then the normalised full name, e-mail and date of birth.
func identityOf(userID int64, p emergency.PersonalInfo) []byte {
	return []byte(fmt.Sprintf("lifetag/identity/%d\x00%s\x00%s\x00%s", userID,
		emergency.SingleLine(p.FullName), cloud.NormalizeEmail(p.Email), emergency.SingleLine(p.DateOfBirth)))
}

// keepIdentityFingerprint stores the fingerprint of a paid user's identity
// when it is missing, out of date, or under an older key.
func (s *Service) keepIdentityFingerprint(ctx context.Context, target *cloud.User, p emergency.PersonalInfo) error {
	fingerprint := s.sealer.Fingerprint(identityOf(target.ID, p))
	if bytes.Equal(fingerprint, target.IdentityFingerprint) {
		return nil
	}
	if err := s.store.SetIdentityFingerprint(ctx, target.ID, fingerprint); err != nil {
		return err
	}
	target.IdentityFingerprint = fingerprint
	return nil
}

// PullEmergencyData returns the stored record of email's account.
func (s *Service) PullEmergencyData(ctx context.Context, actor *cloud.User, email string) (*emergency.Data, error) {
	ctx, span := startSpan(ctx, "PullEmergencyData")
	defer span.End()
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return nil, err
	}
	d, err := s.findRecord(ctx, target.ID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgEmergencyNotFound)
	}
	return d, err
}

func (s *Service) findRecord(ctx context.Context, userID int64) (*emergency.Data, error) {
	record, err := s.store.FindEmergencyRecord(ctx, userID)
	if err != nil {
		return nil, err
	}
	return s.openRecord(record)
}

func (s *Service) sealRecord(userID int64, d emergency.Data) (*cloud.EmergencyRecord, error) {
	now := s.now()
	r := &cloud.EmergencyRecord{UserID: userID, LastModified: d.LastModified, UpdatedAt: now, ReviewedAt: now}
	var err error
	if r.PersonalInfo, err = s.sealJSON(userID, fieldPersonalInfo, d.PersonalInfo); err != nil {
		return nil, err
	}
	if r.EmergencyContacts, err = s.sealJSON(userID, fieldEmergencyContacts, d.EmergencyContacts); err != nil {
		return nil, err
	}
	if r.MedicalInfo, err = s.sealJSON(userID, fieldMedicalInfo, d.MedicalInfo); err != nil {
		return nil, err
	}
	return r, nil
}

func (s *Service) openRecord(r *cloud.EmergencyRecord) (*emergency.Data, error) {
	d := emergency.Data{LastModified: r.LastModified}
	if err := s.openJSON(r.UserID, fieldPersonalInfo, r.PersonalInfo, &d.PersonalInfo); err != nil {
		return nil, err
	}
	if err := s.openJSON(r.UserID, fieldEmergencyContacts, r.EmergencyContacts, &d.EmergencyContacts); err != nil {
		return nil, err
	}
	if err := s.openJSON(r.UserID, fieldMedicalInfo, r.MedicalInfo, &d.MedicalInfo); err != nil {
		return nil, err
	}
	return &d, nil
}

func (s *Service) sealJSON(userID int64, field string, v any) ([]byte, error) {
	plain, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return s.sealer.Seal(plain, aad(userID, field))
}

func (s *Service) openJSON(userID int64, field string, sealed []byte, v any) error {
	plain, err := s.sealer.Open(sealed, aad(userID, field))
	if err != nil {
		return fmt.Errorf("%s of user %d: %w", field, userID, err)
	}
	return json.Unmarshal(plain, v)
}
