package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

const emergencyColumns = `user_id, personal_info, emergency_contacts, medical_info, last_modified, updated_at, reviewed_at`

func scanEmergencyRecord(row scanner) (*cloud.EmergencyRecord, error) {
	var r cloud.EmergencyRecord
	err := row.Scan(&r.UserID, &r.PersonalInfo, &r.EmergencyContacts, &r.MedicalInfo, &r.LastModified,
		timeDest(&r.UpdatedAt), timeDest(&r.ReviewedAt))
	return &r, err
}

func (db *DB) PutEmergencyRecord(ctx context.Context, r *cloud.EmergencyRecord) error {
	_, err := db.conn(ctx).exec(`
		INSERT INTO emergency_data (user_id, personal_info, emergency_contacts, medical_info, last_modified, updated_at, reviewed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (user_id) DO UPDATE SET personal_info = $2, emergency_contacts = $3,
			medical_info = $4, last_modified = $5, updated_at = $6, reviewed_at = $7`,
		r.UserID, r.PersonalInfo, r.EmergencyContacts, r.MedicalInfo, r.LastModified, r.UpdatedAt, r.ReviewedAt)
	return storeError(err, "emergency data")
}

func (db *DB) FindEmergencyRecord(ctx context.Context, userID int64) (*cloud.EmergencyRecord, error) {
	r, err := scanEmergencyRecord(db.conn(ctx).queryRow(`
		SELECT `+emergencyColumns+` FROM emergency_data WHERE user_id = $1`, userID))
	if err != nil {
		return nil, storeError(err, "emergency data")
	}
	return r, nil
}

func (db *DB) ListEmergencyRecords(ctx context.Context, afterUserID int64, limit int) ([]*cloud.EmergencyRecord, error) {
	return list(db.conn(ctx), "emergency data", scanEmergencyRecord, `
		SELECT `+emergencyColumns+` FROM emergency_data WHERE user_id > $1 ORDER BY user_id LIMIT $2`,
		afterUserID, limit)
}

func (db *DB) ReplaceEmergencyRecord(ctx context.Context, r *cloud.EmergencyRecord, ifUpdatedAt time.Time) (bool, error) {
	n, err := db.conn(ctx).exec(`
		UPDATE emergency_data SET personal_info = $2, emergency_contacts = $3, medical_info = $4,
			last_modified = $5, updated_at = $6
		WHERE user_id = $1 AND updated_at = $7`,
		r.UserID, r.PersonalInfo, r.EmergencyContacts, r.MedicalInfo, r.LastModified, r.UpdatedAt, ifUpdatedAt)
	return n == 1, storeError(err, "emergency data")
}
