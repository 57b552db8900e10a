package service

// Single sign-on with an organisation's own OpenID Connect provider
// (cloud/sso.go): the owner's settings, a site admin's approval of each
// domain, and the sign-in itself: authorization code with PKCE, a nonce,
// and a state that is short-lived, single-use and bound to the browser
// that started it. A print station signs in through the system browser
// (RFC 8252) and gets its session for a loopback redirect's code and its
// own PKCE verifier.

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/egress"
	"github.com/lifetag/lifetag/pkg/api"
)

// SSOCallbackPath is where every organisation's provider sends people
// back: the redirect URI an IT admin registers is the site's address
// followed by it.
const SSOCallbackPath = "/api/auth/sso/callback"

// SSOFailure is a single sign-on that cannot go on, named as the sign-in
// page shows it (cloud.SSOError...).
type SSOFailure string

func (f SSOFailure) Error() string { return "single sign-on: " + string(f) }

func (s *Service) ssoRedirectURI() string { return s.baseURL + SSOCallbackPath }

// SSOSettings returns the organisation's provider (the owner only).
func (s *Service) SSOSettings(ctx context.Context, actor *cloud.User, orgID int64) (*api.SSOSettings, error) {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return nil, err
	}
	cfg, err := s.store.FindSSOConfig(ctx, org.ID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return &api.SSOSettings{Domains: []api.SSODomainState{}, RedirectURI: s.ssoRedirectURI()}, nil
	} else if err != nil {
		return nil, err
	}
	return s.viewSSO(cfg), nil
}

func (s *Service) viewSSO(cfg *cloud.SSOConfig) *api.SSOSettings {
	view := &api.SSOSettings{Issuer: cfg.Issuer, ClientID: cfg.ClientID, HasClientSecret: len(cfg.ClientSecret) > 0,
		RequireSso: cfg.RequireSSO, RedirectURI: s.ssoRedirectURI(), Domains: []api.SSODomainState{}}
	for _, d := range cfg.Domains {
		view.Domains = append(view.Domains, api.SSODomainState{Domain: d.Domain, Approved: d.Approved()})
	}
	return view
}

// domainPattern is a DNS name with at least one dot, in lower case.
var domainPattern = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$`)

// SaveSSOSettings sets the organisation's provider (the owner only). The
// issuer must answer with its OpenID configuration now, so that a typo
// shows here rather than at everyone's next sign-in. New domains wait for
// a site admin; requiring single sign-on needs an approved one.
func (s *Service) SaveSSOSettings(ctx context.Context, actor *cloud.User, orgID int64, req api.SSOSettingsRequest) (*api.SSOSettings, error) {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return nil, err
	}
	issuer, clientID := strings.TrimSpace(req.Issuer), strings.TrimSpace(req.ClientID)
	if len(issuer) > cloud.SSOFieldMax || len(clientID) > cloud.SSOFieldMax || len(req.ClientSecret) > cloud.SSOFieldMax {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgSSOFieldTooLong)
	}
	if !s.validIssuer(issuer) {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgSSOIssuerInvalid)
	}
	if err := s.publicIssuer(ctx, issuer); err != nil {
		return nil, err
	}
	if clientID == "" {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgSSOClientIDRequired)
	}
	if len(req.Domains) > cloud.SSODomainsMax {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgSSODomainsTooMany)
	}
	var domains []string
	for _, d := range req.Domains {
		d = strings.ToLower(strings.TrimSpace(d))
		if len(d) > 253 || !domainPattern.MatchString(d) {
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgSSODomainInvalid)
		}
		if !slices.Contains(domains, d) {
			domains = append(domains, d)
		}
	}
	old, err := s.store.FindSSOConfig(ctx, org.ID)
	if err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND {
		return nil, err
	}
	var sealed []byte
	switch {
	case req.ClientSecret != "":
		if sealed, err = s.sealer.Seal([]byte(req.ClientSecret), cloud.SSOSecretAAD(org.ID)); err != nil {
			return nil, err
		}
	case old != nil:
		sealed = old.ClientSecret
	default:
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgSSOSecretRequired)
	}
	if req.RequireSso && !slices.ContainsFunc(domainsOf(old), func(d cloud.SSODomain) bool {
		return d.Approved() && slices.Contains(domains, d.Domain)
	}) {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgSSORequireNeedsSSO)
	}
	if _, _, err := s.discover(ctx, issuer); err != nil {
		s.logger.InfoContext(ctx, "single sign-on issuer refused", slog.Int64("organization", org.ID), slog.String("error", err.Error()))
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgSSOIssuerUnreachable)
	}
	cfg := &cloud.SSOConfig{OrganizationID: org.ID, Issuer: issuer, ClientID: clientID, ClientSecret: sealed,
		RequireSSO: req.RequireSso, UpdatedAt: s.now()}
	if err := s.store.SaveSSOConfig(ctx, cfg, domains); err != nil {
		return nil, err
	}
	detail := strings.Join(domains, ", ")
	if detail == "" {
		detail = "no domain"
	}
	s.addActivity(ctx, org.ID, cloud.ActivitySSOChanged, detail)
	s.mailSecurityChange(ctx, actor, fmt.Sprintf(ChangeSingleSignOnSet, quoted(org.Name)))
	saved, err := s.store.FindSSOConfig(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	return s.viewSSO(saved), nil
}

func domainsOf(cfg *cloud.SSOConfig) []cloud.SSODomain {
	if cfg == nil {
		return nil
	}
	return cfg.Domains
}

// validIssuer: an https address with a host and nothing after the path;
// in development also http, for a provider on this machine (the tests').
func (s *Service) validIssuer(issuer string) bool {
	u, err := url.Parse(issuer)
	if err != nil || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return false
	}
	return u.Scheme == "https" || (s.development && u.Scheme == "http")
}

// publicIssuer refuses an issuer whose host is not on the public internet
// (outside development, where the tests' provider runs on this machine),
// so the owner is told so rather than that the provider did not answer.
// ssoHTTP's dialer checks again at each connection.
func (s *Service) publicIssuer(ctx context.Context, issuer string) error {
	if s.development {
		return nil
	}
	u, err := url.Parse(issuer)
	if err != nil {
		return cloud.NewError(cloud.EINVALID, cloud.MsgSSOIssuerInvalid)
	}
	switch err := egress.CheckHost(ctx, u.Hostname(), nil); {
	case errors.Is(err, egress.ErrNotPublic):
		return cloud.NewError(cloud.EINVALID, cloud.MsgSSOIssuerNotPublic)
	case err != nil:
		return cloud.NewError(cloud.EINVALID, cloud.MsgSSOIssuerUnreachable)
	}
	return nil
}

// SSODomains lists every organisation's domains for the site admins,
// those waiting for approval first.
func (s *Service) SSODomains(ctx context.Context, actor *cloud.User) (*api.AdminSSODomains, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	list, err := s.store.ListSSODomains(ctx)
	if err != nil {
		return nil, err
	}
	out := &api.AdminSSODomains{Domains: []api.AdminSSODomain{}}
	for _, d := range list {
		out.Domains = append(out.Domains, api.AdminSSODomain{OrganizationID: d.OrganizationID,
			OrganizationName: d.OrganizationName, Domain: d.Domain, RequestedAt: d.RequestedAt, Approved: d.Approved()})
	}
	return out, nil
}

// ApproveSSODomain lets an organisation's provider vouch for a domain (a
// site admin, after checking that the organisation owns it), audited.
func (s *Service) ApproveSSODomain(ctx context.Context, actor *cloud.User, orgID int64, domain string) error {
	if err := requireAdmin(actor); err != nil {
		return err
	}
	domain = strings.ToLower(strings.TrimSpace(domain))
	org, err := s.store.FindOrganization(ctx, orgID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgSSODomainNotFound)
	} else if err != nil {
		return err
	}
	if err := s.store.ApproveSSODomain(ctx, org.ID, domain, s.now()); err != nil {
		return err
	}
	s.audit(ctx, actor, cloud.AuditSSODomainApproved, 0, fmt.Sprintf("%s (#%d %s)", domain, org.ID, org.Name))
	return nil
}

// DiscoverSSO says whether an address's company signs in with single
// sign-on, and whether it must.
func (s *Service) DiscoverSSO(ctx context.Context, email string) (*api.SSODiscovery, error) {
	email = cloud.NormalizeEmail(email)
	if err := validEmail(email); err != nil {
		return nil, err
	}
	cfg, err := s.store.FindSSOByDomain(ctx, cloud.EmailDomain(email))
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return &api.SSODiscovery{}, nil
	} else if err != nil {
		return nil, err
	}
	return &api.SSODiscovery{Available: true, Required: cfg.RequireSSO}, nil
}

// SSOStart is a browser leaving for its company's provider; the Station
// fields are set when a print station asked (all three or none).
type SSOStart struct {
	Email            string
	StationRedirect  string
	StationChallenge string
	StationState     string
}

// StartSSO begins a sign-in: the provider's address to send the browser
// to, and the secret the browser keeps in a cookie until it comes back.
func (s *Service) StartSSO(ctx context.Context, in SSOStart) (authURL, browserSecret string, err error) {
	if err := validStation(in); err != nil {
		return "", "", err
	}
	email := cloud.NormalizeEmail(in.Email)
	if validEmail(email) != nil {
		return "", "", SSOFailure(cloud.SSOErrorUnavailable)
	}
	cfg, err := s.store.FindSSOByDomain(ctx, cloud.EmailDomain(email))
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return "", "", SSOFailure(cloud.SSOErrorUnavailable)
	} else if err != nil {
		return "", "", err
	}
	_, conf, _, err := s.ssoClient(ctx, cfg)
	if err != nil {
		return "", "", err
	}
	state, stateHash, err := newToken()
	if err != nil {
		return "", "", err
	}
	browserSecret, browserHash, err := newToken()
	if err != nil {
		return "", "", err
	}
	nonce, _, err := newToken()
	if err != nil {
		return "", "", err
	}
	verifier := oauth2.GenerateVerifier()
	login := &cloud.SSOLogin{StateHash: stateHash, BrowserHash: browserHash, OrganizationID: cfg.OrganizationID,
		Nonce: nonce, CodeVerifier: verifier, StationRedirect: in.StationRedirect,
		StationChallenge: in.StationChallenge, StationState: in.StationState, ExpiresAt: s.now().Add(cloud.SSOLoginTTL)}
	if err := s.store.CreateSSOLogin(ctx, login); err != nil {
		return "", "", err
	}
	authURL = conf.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier),
		oauth2.SetAuthURLParam("login_hint", email))
	return authURL, browserSecret, nil
}

// stationStatePattern is what a station's own state may hold.
var stationStatePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,128}$`)

// StationLoopback is where a print station waits for its sign-in code
// (RFC 8252 section 7.3): its loopback redirect, its PKCE challenge (S256) and its
// own state, which the code is sent back with.
type StationLoopback struct {
	Redirect  string
	Challenge string
	State     string
}

// validStation checks a single sign-on's station, when there is one.
func validStation(in SSOStart) error {
	if in.StationRedirect == "" && in.StationChallenge == "" && in.StationState == "" {
		return nil
	}
	return validLoopback(StationLoopback{Redirect: in.StationRedirect, Challenge: in.StationChallenge, State: in.StationState})
}

// validLoopback checks a station's loopback redirect (the literal
// 127.0.0.1 on any port, never a name that could resolve elsewhere), its
// S256 challenge and its state.
func validLoopback(in StationLoopback) error {
	u, err := url.Parse(in.Redirect)
	wrong := cloud.NewError(cloud.EINVALID, cloud.MsgStationRedirectWrong)
	if err != nil || u.Scheme != "http" || u.Hostname() != "127.0.0.1" || u.Path != "/callback" ||
		u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return wrong
	}
	if port, err := strconv.Atoi(u.Port()); err != nil || port < 1024 || port > 65535 {
		return wrong
	}
	if raw, err := base64.RawURLEncoding.DecodeString(in.Challenge); err != nil || len(raw) != sha256.Size {
		return wrong
	}
	if !stationStatePattern.MatchString(in.State) {
		return wrong
	}
	return nil
}

// mintStationCode keeps a single-use code for user, which only the holder
// of the loopback's PKCE verifier can exchange (RedeemStationCode), and
// returns the loopback address to send the browser to with it. parent is
// the browser session that asked (nil when the provider has just signed
// the person in), with how its person proved who they are.
func (s *Service) mintStationCode(ctx context.Context, userID int64, parent []byte, with string, in StationLoopback) (string, error) {
	code, codeHash, err := newToken()
	if err != nil {
		return "", err
	}
	if err := s.store.CreateStationCode(ctx, &cloud.StationCode{CodeHash: codeHash, UserID: userID,
		CodeChallenge: in.Challenge, ExpiresAt: s.now().Add(cloud.StationCodeTTL),
		ParentHash: parent, SignedInWith: with}); err != nil {
		return "", err
	}
	back := url.Values{"code": {code}, "state": {in.State}}
	return in.Redirect + "?" + back.Encode(), nil
}

// StationCode signs a print station in as the browser's signed-in account
// (the session exists only after every factor): the loopback address with
// a code for it. The station serves fulfilment admins and corporate users.
//
// Only a website session may ask: one handed to a browser as its cookie
// and presented in it (byCookie), never a bearer token nor a session made
// from a code, which could otherwise chain sessions for ever. The station's session ends with the one that asked
// (RedeemStationCode).
func (s *Service) StationCode(ctx context.Context, actor *cloud.User, session *cloud.Session, byCookie bool, in StationLoopback) (string, error) {
	if actor == nil || session == nil {
		return "", cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	if err := validLoopback(in); err != nil {
		return "", err
	}
	if !stationAccount(actor) {
		return "", cloud.NewError(cloud.EFORBIDDEN, cloud.MsgStationNotForIndividuals)
	}
	if !byCookie || !session.Browser || session.ParentHash != nil {
		return "", cloud.NewError(cloud.EFORBIDDEN, cloud.MsgStationCodeNeedsBrowser)
	}
	if err := s.stationSignInAllowed(ctx, actor, session.SignedInWith); err != nil {
		return "", err
	}
	return s.mintStationCode(ctx, actor.ID, session.TokenHash, session.SignedInWith, in)
}

// stationSignInAllowed refuses a station's session for a person who must
// sign in through their organisation's provider (passwordRefusedBySSO)
// unless they did (with).
func (s *Service) stationSignInAllowed(ctx context.Context, user *cloud.User, with string) error {
	if with == cloud.SignedInWithSSO {
		return nil
	}
	return s.passwordRefusedBySSO(ctx, user)
}

// stationAccount is an account the print station serves.
func stationAccount(user *cloud.User) bool {
	return user.IsActive && (user.IsAdmin || cloud.IsCorporate(user.UserType))
}

// SSOSignedIn is a finished single sign-on: a website session, or for a
// station the loopback address to send the browser to (with the code the
// station exchanges).
type SSOSignedIn struct {
	Token           string
	Session         *cloud.Session
	User            *cloud.User
	StationRedirect string
}

// FinishSSO completes a sign-in when the provider sends the browser back.
// Each check that fails names its failure; the login is used up either way.
func (s *Service) FinishSSO(ctx context.Context, state, code, providerError, browserSecret string) (*SSOSignedIn, error) {
	if state == "" || len(state) > cloud.TokenMaxBytes || len(code) > 4096 {
		return nil, SSOFailure(cloud.SSOErrorExpired)
	}
	login, err := s.store.TakeSSOLogin(ctx, hashToken(state), s.now())
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, SSOFailure(cloud.SSOErrorExpired)
	} else if err != nil {
		return nil, err
	}
	if browserSecret == "" || len(browserSecret) > cloud.TokenMaxBytes ||
		subtle.ConstantTimeCompare(hashToken(browserSecret), login.BrowserHash) != 1 {
		return nil, SSOFailure(cloud.SSOErrorExpired)
	}
	if providerError != "" || code == "" {
		return nil, SSOFailure(cloud.SSOErrorProvider)
	}
	cfg, err := s.store.FindSSOConfig(ctx, login.OrganizationID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, SSOFailure(cloud.SSOErrorProvider)
	} else if err != nil {
		return nil, err
	}
	email, err := s.verifiedEmail(ctx, cfg, login, code)
	if err != nil {
		return nil, err
	}
	// The address's domain must be approved for this very organisation.
	owner, err := s.store.FindSSOByDomain(ctx, cloud.EmailDomain(email))
	if err != nil || owner.OrganizationID != login.OrganizationID {
		if err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND {
			return nil, err
		}
		return nil, SSOFailure(cloud.SSOErrorUnverified)
	}
	user, err := s.ssoMember(ctx, login.OrganizationID, email)
	if err != nil {
		return nil, err
	}
	s.addActivity(ctx, login.OrganizationID, cloud.ActivitySSOSignIn, email)
	if login.StationRedirect != "" {
		redirect, err := s.mintStationCode(ctx, user.ID, nil, cloud.SignedInWithSSO, StationLoopback{Redirect: login.StationRedirect,
			Challenge: login.StationChallenge, State: login.StationState})
		if err != nil {
			return nil, err
		}
		return &SSOSignedIn{User: user, StationRedirect: redirect}, nil
	}
	token, session, err := s.openSession(ctx, user.ID, cloud.SignedInWithSSO)
	if err != nil {
		return nil, err
	}
	return &SSOSignedIn{Token: token, Session: session, User: user}, nil
}

// ssoClaims are the ID token's claims read here. Microsoft Entra ID sends
// no email_verified; its xms_edov ("the domain owner verified the
// address") says the same, when the app asks for it (docs/security.md).
type ssoClaims struct {
	Email         string `json:"email"`
	EmailVerified any    `json:"email_verified"`
	EntraVerified any    `json:"xms_edov"`
}

// claimTrue reads a boolean claim that some providers send as a string.
func claimTrue(v any) bool {
	switch b := v.(type) {
	case bool:
		return b
	case string:
		return b == "true" || b == "1"
	}
	return false
}

// verifiedEmail exchanges the code (with the PKCE verifier), verifies the
// ID token (signature, issuer, audience: this organisation's client,
// expiry), its nonce, and returns its address if the provider verified it.
func (s *Service) verifiedEmail(ctx context.Context, cfg *cloud.SSOConfig, login *cloud.SSOLogin, code string) (string, error) {
	pctx, conf, provider, err := s.ssoClient(ctx, cfg)
	if err != nil {
		return "", err
	}
	failed := func(step string, err error) (string, error) {
		s.logger.InfoContext(ctx, "single sign-on refused", slog.Int64("organization", cfg.OrganizationID),
			slog.String("step", step), slog.String("error", withoutAddresses(err.Error(), "")))
		return "", SSOFailure(cloud.SSOErrorProvider)
	}
	tok, err := conf.Exchange(pctx, code, oauth2.VerifierOption(login.CodeVerifier))
	if err != nil {
		return failed("token", err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return failed("token", errors.New("no ID token"))
	}
	idToken, err := provider.VerifierContext(pctx, &oidc.Config{ClientID: cfg.ClientID}).Verify(pctx, raw)
	if err != nil {
		return failed("ID token", err)
	}
	if subtle.ConstantTimeCompare([]byte(idToken.Nonce), []byte(login.Nonce)) != 1 {
		return failed("nonce", errors.New("the ID token's nonce is not this sign-in's"))
	}
	var claims ssoClaims
	if err := idToken.Claims(&claims); err != nil {
		return failed("claims", err)
	}
	if claims.Email == "" {
		// The provider keeps the address for its UserInfo endpoint (OpenID
		// Connect Core section 5.4), whose subject must be the ID token's (section 5.3.2).
		info, err := provider.UserInfo(pctx, oauth2.StaticTokenSource(tok))
		if err != nil {
			return failed("userinfo", err)
		}
		if info.Subject != idToken.Subject {
			return failed("userinfo", errors.New("the UserInfo subject is not the ID token's"))
		}
		if err := info.Claims(&claims); err != nil {
			return failed("userinfo", err)
		}
	}
	email := cloud.NormalizeEmail(claims.Email)
	if !cloud.ValidEmail(email) || !(claimTrue(claims.EmailVerified) || claimTrue(claims.EntraVerified)) {
		return "", SSOFailure(cloud.SSOErrorUnverified)
	}
	return email, nil
}

// ssoMember is the organisation's account of email, made now (a Standard
// member, just in time) when the address has none. An address with an
// account of anyone else's is refused: an account belongs to one person
// or organisation.
func (s *Service) ssoMember(ctx context.Context, orgID int64, email string) (*cloud.User, error) {
	user, err := s.store.FindUserByEmail(ctx, email)
	switch {
	case err == nil:
		if !user.IsActive || !cloud.IsCorporate(user.UserType) || user.OrganizationID != orgID {
			return nil, SSOFailure(cloud.SSOErrorElsewhere)
		}
		return user, nil
	case cloud.ErrorCode(err) != cloud.ENOTFOUND:
		return nil, err
	}
	err = s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		var err error
		if user, err = tx.CreateMember(orgID, email, cloud.UserTypeCorporateMember, s.now()); err != nil {
			return err
		}
		return tx.AddActivity(&cloud.Activity{OrganizationID: orgID, Kind: cloud.ActivitySSOJoined, Detail: email,
			CreatedAt: s.now()})
	})
	if cloud.ErrorCode(err) == cloud.ECONFLICT {
		return nil, SSOFailure(cloud.SSOErrorElsewhere)
	}
	return user, err
}

// RedeemStationCode gives a print station its session for the code its
// loopback redirect received and the PKCE verifier only it holds. The code
// is used up by the first attempt, right or wrong. A code a browser's
// session asked for is refused once that session has ended, and its
// station's session ends no later than that session (stationSession).
func (s *Service) RedeemStationCode(ctx context.Context, code, verifier string) (string, *cloud.Session, *cloud.User, error) {
	refused := cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgStationCodeInvalid)
	if code == "" || len(code) > cloud.TokenMaxBytes || verifier == "" || len(verifier) > 128 {
		return "", nil, nil, refused
	}
	sc, err := s.store.TakeStationCode(ctx, hashToken(code), s.now())
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return "", nil, nil, refused
	} else if err != nil {
		return "", nil, nil, err
	}
	if subtle.ConstantTimeCompare([]byte(oauth2.S256ChallengeFromVerifier(verifier)), []byte(sc.CodeChallenge)) != 1 {
		return "", nil, nil, refused
	}
	user, err := s.store.FindUserByID(ctx, sc.UserID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND || (err == nil && !stationAccount(user)) {
		return "", nil, nil, refused
	} else if err != nil {
		return "", nil, nil, err
	}
	// The organisation may have started requiring its provider since.
	if err := s.stationSignInAllowed(ctx, user, sc.SignedInWith); err != nil {
		return "", nil, nil, err
	}
	session, err := s.stationSession(ctx, sc)
	if err != nil {
		return "", nil, nil, err
	}
	token, session, err := s.createSession(ctx, session)
	if err != nil {
		return "", nil, nil, err
	}
	return token, session, user, nil
}

// stationSession is the session a redeemed code opens. One made by the
// provider's sign-in is a sign-in of its own (24 hours, proved now). One a
// browser's session asked for is that session's child: refused once the
// parent has ended, and ending at the parent's expiry at the latest, so
// no chain of codes keeps an account signed in past its real sign-in;
// it has proved nothing itself, so a change that needs a fresh proof
// asks the station's user for one. Either is a program's session, never a
// browser's, whatever the request said.
func (s *Service) stationSession(ctx context.Context, sc *cloud.StationCode) (*cloud.Session, error) {
	now := s.now()
	session := &cloud.Session{UserID: sc.UserID, CreatedAt: now, ExpiresAt: now.Add(cloud.SessionTTL),
		SignedInWith: sc.SignedInWith}
	if sc.ParentHash == nil {
		session.VerifiedAt = now
		return session, nil
	}
	parent, _, err := s.store.FindSession(ctx, sc.ParentHash, now)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND || (err == nil && parent.UserID != sc.UserID) {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgStationCodeInvalid)
	} else if err != nil {
		return nil, err
	}
	session.ParentHash = parent.TokenHash
	if parent.ExpiresAt.Before(session.ExpiresAt) {
		session.ExpiresAt = parent.ExpiresAt
	}
	return session, nil
}

// passwordRefusedBySSO says why a corporate account may not sign in with
// its password: a Standard member made by single sign-on signs in only
// through the provider, and so does every member but the owner of an
// organisation that requires it.
func (s *Service) passwordRefusedBySSO(ctx context.Context, user *cloud.User) error {
	if user.UserType == cloud.UserTypeCorporateMember {
		return cloud.NewError(cloud.EFORBIDDEN, cloud.MsgUseSSO)
	}
	if user.UserType == cloud.UserTypeCorporateOwner || user.OrganizationID == 0 {
		return nil
	}
	cfg, err := s.store.FindSSOConfig(ctx, user.OrganizationID)
	switch {
	case cloud.ErrorCode(err) == cloud.ENOTFOUND:
		return nil
	case err != nil:
		return err
	case cfg.RequireSSO:
		return cloud.NewError(cloud.EFORBIDDEN, cloud.MsgUseSSO)
	}
	return nil
}

// ssoClient reads the provider's configuration and builds the OAuth 2.0
// client of the organisation; the context it returns makes every request
// to the provider through ssoHTTP.
func (s *Service) ssoClient(ctx context.Context, cfg *cloud.SSOConfig) (context.Context, *oauth2.Config, *oidc.Provider, error) {
	pctx, provider, err := s.discover(ctx, cfg.Issuer)
	if err != nil {
		s.logger.InfoContext(ctx, "single sign-on provider did not answer", slog.Int64("organization", cfg.OrganizationID),
			slog.String("error", err.Error()))
		return nil, nil, nil, SSOFailure(cloud.SSOErrorProvider)
	}
	secret, err := s.sealer.Open(cfg.ClientSecret, cloud.SSOSecretAAD(cfg.OrganizationID))
	if err != nil {
		return nil, nil, nil, fmt.Errorf("single sign-on: opening the client secret: %w", err)
	}
	conf := &oauth2.Config{ClientID: cfg.ClientID, ClientSecret: string(secret), Endpoint: provider.Endpoint(),
		RedirectURL: s.ssoRedirectURI(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"}}
	return pctx, conf, provider, nil
}

// discover reads an issuer's OpenID configuration (go-oidc checks that it
// names the same issuer).
func (s *Service) discover(ctx context.Context, issuer string) (context.Context, *oidc.Provider, error) {
	pctx := oidc.ClientContext(ctx, s.ssoHTTP())
	provider, err := oidc.NewProvider(pctx, issuer)
	return pctx, provider, err
}

// ssoHTTP reaches a provider whose address an organisation typed: only
// public internet addresses (cloud/egress decides; outside development,
// where the tests' provider runs on this machine), checked at the moment
// of each connection so a name cannot change its answer in between; no
// redirects, no proxy, bounded in time.
func (s *Service) ssoHTTP() *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second}
	if !s.development {
		dialer.Control = egress.Control
	}
	return &http.Client{
		Timeout:       20 * time.Second,
		Transport:     &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: 10 * time.Second},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
