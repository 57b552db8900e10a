package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) PutEmergencyRecord(ctx context.Context, r *cloud.EmergencyRecord) error {
	_, err := db.pool.Exec(ctx, `
		INSERT INTO emergency_data (user_id, personal_info, emergency_contacts, medical_info, last_modified, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (user_id) DO UPDATE SET personal_info = $2, emergency_contacts = $3,
			medical_info = $4, last_modified = $5, updated_at = $6`,
		r.UserID, r.PersonalInfo, r.EmergencyContacts, r.MedicalInfo, r.LastModified, r.UpdatedAt)
	return storeError(err, "emergency data")
}

func (db *DB) FindEmergencyRecord(ctx context.Context, userID int64) (*cloud.EmergencyRecord, error) {
	r := cloud.EmergencyRecord{UserID: userID}
	err := db.pool.QueryRow(ctx, `
		SELECT personal_info, emergency_contacts, medical_info, last_modified, updated_at
		FROM emergency_data WHERE user_id = $1`, userID,
	).Scan(&r.PersonalInfo, &r.EmergencyContacts, &r.MedicalInfo, &r.LastModified, &r.UpdatedAt)
	if err != nil {
		return nil, storeError(err, "emergency data")
	}
	return &r, nil
}

func (db *DB) ListEmergencyRecords(ctx context.Context, afterUserID int64, limit int) ([]*cloud.EmergencyRecord, error) {
	rows, err := db.pool.Query(ctx, `
		SELECT user_id, personal_info, emergency_contacts, medical_info, last_modified, updated_at
		FROM emergency_data WHERE user_id > $1 ORDER BY user_id LIMIT $2`, afterUserID, limit)
	if err != nil {
		return nil, storeError(err, "emergency data")
	}
	records, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*cloud.EmergencyRecord, error) {
		var r cloud.EmergencyRecord
		err := row.Scan(&r.UserID, &r.PersonalInfo, &r.EmergencyContacts, &r.MedicalInfo, &r.LastModified, &r.UpdatedAt)
		return &r, err
	})
	return records, storeError(err, "emergency data")
}

func (db *DB) ReplaceEmergencyRecord(ctx context.Context, r *cloud.EmergencyRecord, ifUpdatedAt time.Time) (bool, error) {
	tag, err := db.pool.Exec(ctx, `
		UPDATE emergency_data SET personal_info = $2, emergency_contacts = $3, medical_info = $4,
			last_modified = $5, updated_at = $6
		WHERE user_id = $1 AND updated_at = $7`,
		r.UserID, r.PersonalInfo, r.EmergencyContacts, r.MedicalInfo, r.LastModified, r.UpdatedAt, ifUpdatedAt)
	if err != nil {
		return false, storeError(err, "emergency data")
	}
	return tag.RowsAffected() == 1, nil
}
