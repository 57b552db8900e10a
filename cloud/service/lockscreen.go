package service

// "Save for lock screen" (beyond the spec): a phone wallpaper with the
// owner's code and the label's heading, name, blood type and first ICE
// number, drawn by pkg/lockscreen. Paramedics look at a locked phone's lock
// screen first. Paid owners only, like the label sheet.

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/lockscreen"
)

// LockScreenRequest is the body of POST /api/labels/lock-screen.png; its
// Phone is "iphone" or "android" (pkg/lockscreen.Screens).
type LockScreenRequest = api.LockScreenRequest

// LockScreen returns the owner's lock-screen wallpaper as a PNG.
func (s *Service) LockScreen(ctx context.Context, actor *cloud.User, req LockScreenRequest) ([]byte, error) {
	target, err := s.entitledOwner(ctx, actor, req.Email, cloud.MsgLockScreenLocked)
	if err != nil {
		return nil, err
	}
	screen, ok := lockscreen.Screens[req.Phone]
	if !ok {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgLockScreenPhoneInvalid)
	}
	record, loc, err := s.printableRecord(ctx, target, req.TimeZone, req.EmergencyData)
	if err != nil {
		return nil, err
	}
	png, _, err := lockscreen.PNG(screen, lockscreen.ContentFor(*record, s.now(), loc))
	return png, err
}
