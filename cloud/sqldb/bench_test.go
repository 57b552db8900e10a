package sqldb_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// BenchmarkSyncPull is the store's part of the API benchmark's request (an
// authenticated sync pull): the session with its user, then the record.
// go test -bench SyncPull ./sqldb compares the two databases; run against
// an older tree's store, it compares implementations.
func BenchmarkSyncPull(b *testing.B) {
	for _, backend := range storetest.Backends {
		b.Run(backend.Name, func(b *testing.B) {
			s, _ := backend.Open(b)
			ctx := context.Background()
			u := storetest.MustCreateUser(b, s, "bench@example.com")
			token := sha256.Sum256([]byte("bench"))
			if err := s.CreateSession(ctx, &cloud.Session{TokenHash: token[:], UserID: u.ID,
				ExpiresAt: storetest.T0.Add(24 * time.Hour), CreatedAt: storetest.T0}); err != nil {
				b.Fatal(err)
			}
			record := &cloud.EmergencyRecord{UserID: u.ID, PersonalInfo: make([]byte, 300),
				EmergencyContacts: make([]byte, 200), MedicalInfo: make([]byte, 200), UpdatedAt: storetest.T0}
			if err := s.PutEmergencyRecord(ctx, record); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					_, user, err := s.FindSession(ctx, token[:], storetest.T0)
					if err != nil {
						panic(fmt.Sprint("session: ", err))
					}
					if _, err := s.FindEmergencyRecord(ctx, user.ID); err != nil {
						panic(fmt.Sprint("record: ", err))
					}
				}
			})
		})
	}
}
