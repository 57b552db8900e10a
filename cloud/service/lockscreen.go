package service

// "Save for lock screen" (beyond the spec): a phone wallpaper with the
// owner's code and the label's heading, name, blood type and first ICE
// number, drawn by pkg/lockscreen. Paramedics look at a locked phone's lock
// screen first. Paid owners only, like the label sheet.

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/lockscreen"
)

// LockScreenRequest asks for an owner's wallpaper: Phone is "iphone" or
// "android" (pkg/lockscreen.Screens); Shown is the record the person's
// screen shows, compared with the stored one; TimeZone (IANA) dates the
// Generated line.
type LockScreenRequest struct {
	Email, Phone, TimeZone string
	Shown                  *emergency.Data
}

// LockScreen returns the owner's lock-screen wallpaper as a PNG.
func (s *Service) LockScreen(ctx context.Context, actor *cloud.User, req LockScreenRequest) ([]byte, error) {
	ctx, span := startSpan(ctx, "LockScreen")
	defer span.End()
	target, err := s.entitledOwner(ctx, actor, req.Email, cloud.MsgLockScreenLocked)
	if err != nil {
		return nil, err
	}
	screen, ok := lockscreen.Screens[req.Phone]
	if !ok {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgLockScreenPhoneInvalid)
	}
	record, loc, err := s.printableRecord(ctx, target, req.TimeZone, req.Shown)
	if err != nil {
		return nil, err
	}
	return s.render(ctx, cloud.LabelKindLockScreen, "png", func() ([]byte, error) {
		png, _, err := lockscreen.PNG(screen, lockscreen.ContentFor(*record, s.now(), loc))
		return png, err
	})
}
