package sqlite

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) PutEmergencyRecord(ctx context.Context, r *cloud.EmergencyRecord) error {
	_, err := db.db.ExecContext(ctx, `
		INSERT INTO emergency_data (user_id, personal_info, emergency_contacts, medical_info, last_modified, updated_at)
		VALUES (?1, ?2, ?3, ?4, ?5, ?6)
		ON CONFLICT (user_id) DO UPDATE SET personal_info = ?2, emergency_contacts = ?3,
			medical_info = ?4, last_modified = ?5, updated_at = ?6`,
		r.UserID, r.PersonalInfo, r.EmergencyContacts, r.MedicalInfo, r.LastModified, formatTime(r.UpdatedAt))
	return storeError(err, "emergency data")
}

func (db *DB) FindEmergencyRecord(ctx context.Context, userID int64) (*cloud.EmergencyRecord, error) {
	r := cloud.EmergencyRecord{UserID: userID}
	var updated string
	err := db.db.QueryRowContext(ctx, `
		SELECT personal_info, emergency_contacts, medical_info, last_modified, updated_at
		FROM emergency_data WHERE user_id = ?1`, userID,
	).Scan(&r.PersonalInfo, &r.EmergencyContacts, &r.MedicalInfo, &r.LastModified, &updated)
	if err != nil {
		return nil, storeError(err, "emergency data")
	}
	if r.UpdatedAt, err = parseTime(updated); err != nil {
		return nil, err
	}
	return &r, nil
}
