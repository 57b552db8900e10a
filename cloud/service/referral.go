package service

import (
	"context"
	"crypto/rand"
	"math/big"
	"strings"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// referralAttempts is how many random codes we try before giving up; with
// 31^8 codes a collision is already rare.
const referralAttempts = 5

// GenerateReferralCode gives email's account a referral code, or returns the
// one it has. created reports whether it is new.
func (s *Service) GenerateReferralCode(ctx context.Context, actor *cloud.User, email string) (code string, created bool, err error) {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return "", false, err
	}
	for range referralAttempts {
		if target.ReferralCode != "" {
			return target.ReferralCode, false, nil
		}
		code, err := newReferralCode()
		if err != nil {
			return "", false, err
		}
		err = s.store.SetReferralCode(ctx, target.ID, code, s.now())
		if err == nil {
			return code, true, nil
		} else if cloud.ErrorCode(err) != cloud.ECONFLICT {
			return "", false, err
		}
		// The code was taken, or another request set one first: look again.
		if target, err = s.store.FindUserByID(ctx, target.ID); err != nil {
			return "", false, err
		}
	}
	return "", false, cloud.NewError(cloud.EINTERNAL, cloud.MsgInternal)
}

func newReferralCode() (string, error) {
	var b strings.Builder
	max := big.NewInt(int64(len(cloud.ReferralAlphabet)))
	for range cloud.ReferralCodeLength {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			return "", err
		}
		b.WriteByte(cloud.ReferralAlphabet[n.Int64()])
	}
	return b.String(), nil
}

// Referrals returns email's referral code and referred purchases; ENOTFOUND
// before a code was generated.
func (s *Service) Referrals(ctx context.Context, actor *cloud.User, email string) (*api.ReferralDashboard, error) {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return nil, err
	}
	if target.ReferralCode == "" {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgReferralNotFound)
	}
	referrals, err := s.store.ListReferrals(ctx, target.ReferralCode)
	if err != nil {
		return nil, err
	}
	views := make([]api.ReferralView, len(referrals))
	for i, r := range referrals {
		views[i] = api.ReferralView{ReferredEmail: MaskEmail(r.ReferredEmail), RewardClaimed: r.RewardClaimed, CreatedAt: r.CreatedAt}
	}
	return &api.ReferralDashboard{ReferralCode: target.ReferralCode, Referrals: views, TotalReferrals: len(views),
		RewardPerReferralPence: cloud.ReferralRewardPence, RewardsEarnedPence: len(views) * cloud.ReferralRewardPence}, nil
}

// MaskEmail keeps the first letter and the domain: "a***@example.com".
// An empty address (a deleted account) stays empty.
func MaskEmail(email string) string {
	at := strings.LastIndexByte(email, '@')
	if at < 1 {
		return ""
	}
	first := []rune(email[:at])[0]
	return string(first) + "***" + email[at:]
}
