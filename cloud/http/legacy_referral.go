package http

// Operations of referral.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
)

func (a apiHandlers) GenerateReferralCode(w http.ResponseWriter, r *http.Request) {
	a.s.handleGenerateReferralCode(w, r)
}
func (*Server) GenerateReferralCode(context.Context, apiserver.GenerateReferralCodeRequestObject) (apiserver.GenerateReferralCodeResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetReferrals(w http.ResponseWriter, r *http.Request, _ string) {
	a.s.handleReferrals(w, r)
}
func (*Server) GetReferrals(context.Context, apiserver.GetReferralsRequestObject) (apiserver.GetReferralsResponseObject, error) {
	return nil, errNotStrictYet
}
