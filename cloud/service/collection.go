package service

// Worker self-service collection links. An officer makes a link
// for a template and project; the link's random token is handed out once,
// in its URL, and only its SHA-256 is kept. A worker opening the link needs
// no account: the token is their only credential, so every answer to them
// is about that link's organisation and, for an update link, that one code.

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func (s *Service) viewCollectionLink(l *cloud.CollectionLink) api.CollectionLink {
	v := api.CollectionLink{ID: l.ID, TemplateID: l.TemplateID, TemplateName: l.TemplateName,
		ProjectName: l.ProjectName, CreatedAt: l.CreatedAt, ExpiresAt: timePtr(l.ExpiresAt),
		RevokedAt: timePtr(l.RevokedAt), Submissions: l.Submissions, LastSubmissionAt: timePtr(l.LastSubmissionAt),
		Status: api.CollectionLinkStatusActive, ExternalIDField: l.ExternalIDField}
	if l.ProjectID != 0 {
		id := l.ProjectID
		v.ProjectID = &id
	}
	if l.TemplateID == 0 {
		v.TemplateName = emergency.StandardFormName
	}
	switch {
	case !l.RevokedAt.IsZero():
		v.Status = api.CollectionLinkStatusRevoked
	case !l.ExpiresAt.IsZero() && !s.now().Before(l.ExpiresAt):
		v.Status = api.CollectionLinkStatusExpired
	}
	return v
}

// collectURL is the worker's address for a token.
func (s *Service) collectURL(token string) string { return s.baseURL + "/collect/" + token }

// CreateCollectionLink makes a shared link (any member of the organisation)
// and returns it with its URL, which is never shown again.
func (s *Service) CreateCollectionLink(ctx context.Context, actor *cloud.User, orgID int64, req api.CollectionLinkRequest) (*api.CollectionLink, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return nil, err
	}
	// A shared link adds codes: with none left in the plan it could add
	// nothing, so it is refused now, not when the first worker submits.
	used, err := s.store.CountCodes(ctx, org.ID, cloud.CodeFilter{})
	if err != nil {
		return nil, err
	}
	if used >= org.MaxQRCodes {
		return nil, cloud.QuotaError(org.MaxQRCodes, used, 1)
	}
	days := cloud.DefaultCollectionLinkDays
	if req.ExpiresInDays != nil {
		days = *req.ExpiresInDays
	}
	if !slices.Contains(cloud.CollectionLinkExpiryDays, days) {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgCollectionExpiryInvalid)
	}
	templateName, fields, err := s.TemplateFields(ctx, actor, org.ID, req.TemplateID)
	if err != nil {
		return nil, err
	}
	if req.ExternalIDField != "" && !slices.ContainsFunc(fields, func(f emergency.Field) bool { return f.ID == req.ExternalIDField }) {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgExternalIDField)
	}
	if req.ProjectID < 0 {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgCollectionLinkRefNotFound)
	}
	now := s.now()
	link := &cloud.CollectionLink{OrganizationID: org.ID, TemplateID: req.TemplateID, ProjectID: req.ProjectID,
		ExternalIDField: req.ExternalIDField, CreatedBy: actor.ID, CreatedAt: now}
	if days != 0 {
		link.ExpiresAt = now.Add(time.Duration(days) * 24 * time.Hour)
	}
	return s.createLink(ctx, link, cloud.ActivityCollectionLinkCreated, templateName)
}

// createLink stores a new link with a fresh token, notes it in Recent
// Activity, and returns it with its URL.
func (s *Service) createLink(ctx context.Context, link *cloud.CollectionLink, activity, detail string) (*api.CollectionLink, error) {
	token, hash, err := newToken()
	if err != nil {
		return nil, err
	}
	link.TokenHash = hash
	if err := s.store.CreateCollectionLink(ctx, link); err != nil {
		return nil, err
	}
	s.addActivity(ctx, link.OrganizationID, activity, detail)
	stored, err := s.store.FindCollectionLink(ctx, link.OrganizationID, link.ID)
	if err != nil {
		return nil, err
	}
	v := s.viewCollectionLink(stored)
	v.URL = s.collectURL(token)
	return &v, nil
}

// addActivity notes an event in the organisation's Recent Activity. The
// event itself has happened by then, so a failure to note it is logged,
// not answered.
func (s *Service) addActivity(ctx context.Context, orgID int64, kind, detail string) {
	err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		return tx.AddActivity(&cloud.Activity{OrganizationID: orgID, Kind: kind, Detail: detail, CreatedAt: s.now()})
	})
	if err != nil {
		s.logger.Error("activity not recorded", slog.String("kind", kind), slog.String("error", err.Error()))
	}
}

// CollectionLinks lists an organisation's shared links, newest first.
func (s *Service) CollectionLinks(ctx context.Context, actor *cloud.User, orgID int64) ([]api.CollectionLink, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	links, err := s.store.ListCollectionLinks(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	out := []api.CollectionLink{}
	for _, l := range links {
		out = append(out, s.viewCollectionLink(l))
	}
	return out, nil
}

// RevokeCollectionLink stops a link (shared or update) from taking
// submissions; the codes it made stay.
func (s *Service) RevokeCollectionLink(ctx context.Context, actor *cloud.User, orgID, linkID int64) error {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return err
	}
	if err := s.store.RevokeCollectionLink(ctx, org.ID, linkID, s.now()); err != nil {
		return err
	}
	s.addActivity(ctx, org.ID, cloud.ActivityCollectionLinkRevoked, fmt.Sprintf("link %d", linkID))
	return nil
}

// The worker's side: the token is the only credential, so every answer is
// about the link's own organisation and, for an update link, its one code.

// workerLink finds the link a token opens and its organisation, or says
// plainly why the worker cannot use it: an unknown token is not found, a
// revoked, expired or used link is gone, an organisation that may not
// create codes is not accepting submissions, and a shared link at a full
// plan is closed for that reason.
func (s *Service) workerLink(ctx context.Context, token string) (*cloud.CollectionLink, *cloud.Organization, error) {
	notFound := cloud.NewError(cloud.ENOTFOUND, cloud.MsgCollectionLinkGone)
	if token == "" || len(token) > cloud.TokenMaxBytes {
		return nil, nil, notFound
	}
	link, err := s.store.FindCollectionLinkByToken(ctx, hashToken(token))
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, nil, notFound
	} else if err != nil {
		return nil, nil, err
	}
	if msg := link.Usable(s.now()); msg != "" {
		return nil, nil, cloud.NewError(cloud.EGONE, msg)
	}
	org, err := s.store.FindOrganization(ctx, link.OrganizationID)
	if err != nil {
		return nil, nil, err
	}
	if s.mayCreate(ctx, org) != nil {
		return nil, nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgCollectionClosed)
	}
	// A shared link adds a code: with the quota used up, say so, and why,
	// before the worker types a whole form. The binding check is the
	// library's, in the insert's transaction; this one only spares the
	// worker's time.
	if !link.IsUpdateLink() {
		used, err := s.store.CountCodes(ctx, org.ID, cloud.CodeFilter{})
		if err != nil {
			return nil, nil, err
		}
		if used >= org.MaxQRCodes {
			return nil, nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgCollectionPlanFull)
		}
	}
	return link, org, nil
}

// CollectForm is GET /api/collect/{token}.
func (s *Service) CollectForm(ctx context.Context, token string) (*api.CollectForm, error) {
	link, org, err := s.workerLink(ctx, token)
	if err != nil {
		return nil, err
	}
	v := &api.CollectForm{OrganizationName: org.Name, ProjectName: link.ProjectName,
		Consent: fmt.Sprintf(cloud.CollectionConsent, org.Name), Update: link.IsUpdateLink()}
	if link.IsUpdateLink() {
		code, err := s.findCode(ctx, org.ID, link.CodeID)
		if err != nil {
			return nil, err
		}
		record, err := s.openCodeRecord(code)
		if err != nil {
			return nil, err
		}
		v.TemplateName, v.ProjectName, v.Fields, v.Values = code.TemplateName, code.ProjectName, record.Fields, record.Values
		return v, nil
	}
	if v.TemplateName, v.Fields, err = s.orgTemplateFields(ctx, org.ID, link.TemplateID); err != nil {
		return nil, err
	}
	return v, nil
}

// SubmitCollection is POST /api/collect/{token}: a worker's details become
// a new code in the library (a shared link) or replace their own code's
// values (an update link). The submission is claimed on the link first,
// in one statement that also checks it is still usable, so a single-use
// link cannot be used twice at once; if the code cannot be written, the
// claim is taken back. It returns the thank-you message.
func (s *Service) SubmitCollection(ctx context.Context, token string, values map[string]string, consent bool) (string, error) {
	link, org, err := s.workerLink(ctx, token)
	if err != nil {
		return "", err
	}
	if !consent {
		return "", cloud.NewError(cloud.EINVALID, cloud.MsgCollectionConsentRequired)
	}
	externalID, err := s.submittedNumber(ctx, link, values)
	if err != nil {
		return "", err
	}
	if !link.IsUpdateLink() {
		if err := s.returningWorker(ctx, link, org, values, externalID); err != nil {
			return "", err
		}
	}
	claimed, err := s.store.ClaimCollectionSubmission(ctx, link.ID, s.now())
	if err != nil {
		return "", err
	}
	if !claimed {
		return "", s.unclaimed(ctx, link)
	}
	kind, detail := cloud.ActivityCollectionSubmitted, link.TemplateName
	if link.IsUpdateLink() {
		kind, detail = cloud.ActivityCollectionUpdated, fmt.Sprintf("code %d", link.CodeID)
		_, err = s.UpdateCodeValues(ctx, nil, org.ID, link.CodeID, values)
	} else {
		if link.TemplateID == cloud.StandardTemplateID {
			detail = emergency.StandardFormName
		}
		_, err = s.CreateCode(ctx, nil, org.ID, CodeInput{ProjectID: link.ProjectID, TemplateID: link.TemplateID,
			Values: values, ExternalID: externalID, Source: cloud.CodeSourceCollection})
	}
	if err != nil {
		if releaseErr := s.store.ReleaseCollectionSubmission(ctx, link.ID); releaseErr != nil {
			s.logger.Error("collection submission not released", slog.Int64("link", link.ID), slog.String("error", releaseErr.Error()))
		}
		switch cloud.ErrorCode(err) {
		case cloud.ECONFLICT: // the number taken, or the quota filled, meanwhile
			if _, again := s.submittedNumber(ctx, link, values); again != nil {
				return "", again
			}
			return "", cloud.NewError(cloud.EFORBIDDEN, cloud.MsgCollectionPlanFull)
		case cloud.EFORBIDDEN: // the organisation closed meanwhile
			return "", cloud.NewError(cloud.EFORBIDDEN, cloud.MsgCollectionClosed)
		}
		return "", err
	}
	if link.IsUpdateLink() {
		// A review round waiting on this worker counts the change at once.
		if err := s.store.AnswerReview(ctx, org.ID, link.CodeID, cloud.ReviewAnswerChanged, s.now()); err != nil {
			return "", err
		}
	}
	s.addActivity(ctx, org.ID, kind, detail)
	return fmt.Sprintf(cloud.MsgCollectionThanks, org.Name), nil
}

// unclaimed is the refusal of a submission the link did not take: it was
// used, revoked or expired since it was read, and the refusal says which.
func (s *Service) unclaimed(ctx context.Context, link *cloud.CollectionLink) error {
	msg := cloud.MsgCollectionLinkGone
	if again, err := s.store.FindCollectionLink(ctx, link.OrganizationID, link.ID); err == nil && again.Usable(s.now()) != "" {
		msg = again.Usable(s.now())
	}
	return cloud.NewError(cloud.EGONE, msg)
}

// submittedNumber is the employee or badge number a worker typed into a
// shared link's number field ("" for none), refused when it is not a
// valid number or another code already has it.
func (s *Service) submittedNumber(ctx context.Context, link *cloud.CollectionLink, values map[string]string) (string, error) {
	if link.IsUpdateLink() || link.ExternalIDField == "" {
		return "", nil
	}
	fieldError := func(msg string) error {
		return &cloud.Error{Code: cloud.EINVALID, Message: msg,
			Fields: emergency.Errors{{Field: link.ExternalIDField, Message: msg}}}
	}
	id, err := cloud.NormalizeExternalID(values[link.ExternalIDField])
	if err != nil {
		return "", fieldError(cloud.ErrorMessage(err))
	}
	if id == "" {
		return "", nil
	}
	taken, err := s.store.FindCodesByExternalID(ctx, link.OrganizationID, []string{id})
	if err != nil {
		return "", err
	}
	if len(taken) > 0 {
		return "", fieldError(cloud.MsgCollectionNumberTaken)
	}
	return id, nil
}

// CreateUpdateLink makes a single-use link, valid UpdateLinkValidity, with
// which a code's worker corrects their own details; with an address, it is
// mailed to them. The mail names the organisation, never the record.
func (s *Service) CreateUpdateLink(ctx context.Context, actor *cloud.User, orgID, codeID int64, req api.UpdateLinkRequest) (*api.CollectionLink, string, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, "", err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return nil, "", err
	}
	email := cloud.NormalizeEmail(req.Email)
	if email != "" && !cloud.ValidEmail(email) {
		return nil, "", cloud.NewError(cloud.EINVALID, cloud.MsgValidEmailRequired)
	}
	code, err := s.findCode(ctx, org.ID, codeID)
	if err != nil {
		return nil, "", err
	}
	if email != "" {
		if err := s.allowMail(ctx, org.ID, actor, email); err != nil {
			return nil, "", err
		}
	}
	v, err := s.sendUpdateLink(ctx, org, code, email, actor.ID)
	if err != nil {
		return nil, "", err
	}
	if email == "" {
		return v, cloud.MsgUpdateLinkCreated, nil
	}
	return v, cloud.MsgUpdateLinkSent, nil
}

// sendUpdateLink makes a code's single-use update link, made by the
// member createdBy, and mails it to email (none when ""), in one
// transaction: a link whose mail could not be queued is not kept.
func (s *Service) sendUpdateLink(ctx context.Context, org *cloud.Organization, code *cloud.CorporateCode, email string, createdBy int64) (*api.CollectionLink, error) {
	now := s.now()
	// No template: the worker fills in the code's own copy of its fields,
	// and deleting the template the code came from must not delete the link.
	link := &cloud.CollectionLink{OrganizationID: org.ID, CodeID: code.ID,
		ExpiresAt: now.Add(cloud.UpdateLinkValidity), CreatedBy: createdBy, CreatedAt: now}
	var v *api.CollectionLink
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if v, err = s.createLink(ctx, link, cloud.ActivityUpdateLinkSent, fmt.Sprintf("code %d", code.ID)); err != nil || email == "" {
			return err
		}
		return s.sendMail(ctx, mailCause("update-link", link.ID), cloud.Mail{To: email, Subject: cloud.MsgUpdateLinkMailSubject,
			Text: fmt.Sprintf(updateLinkMailText, quoted(org.Name), v.URL, int(cloud.UpdateLinkValidity.Hours()))})
	})
	return v, err
}

// returningWorker refuses a shared link's form whose worker already has a
// code in the organisation: one that looks like the same worker
// (lookAlike, the library's rule) and, where both have an employee or
// badge number, has the same one (submittedNumber refused that already).
// The update goes through a verified path instead: a one-time update link
// mailed to the address on the worker's own record, the one a person
// filling in a stranger's name cannot read; without one, the officer who
// made the link is asked to send it, as they send any update link. The
// refusal says nothing of the code.
func (s *Service) returningWorker(ctx context.Context, link *cloud.CollectionLink, org *cloud.Organization, values map[string]string, externalID string) error {
	_, fields, err := s.orgTemplateFields(ctx, org.ID, link.TemplateID)
	if err != nil {
		return err
	}
	record, err := checkedRecord(fields, sentValues(org, fields, values))
	if err != nil {
		return nil // the form's own errors are the create's to say
	}
	name := codeName("", record)
	same, err := s.namesakes(ctx, org.ID, []string{name}, 1)
	if err != nil {
		return err
	}
	for _, o := range same[emergency.FoldForSearch(name)] {
		if externalID != "" && o.code.ExternalID != "" {
			continue // two numbers: two workers
		}
		if lookAlike(name, record, o.code.Name, o.record) == "" {
			continue
		}
		if err := s.offerUpdate(ctx, link, org, o); err != nil {
			return err
		}
		return cloud.Errorf(cloud.ECONFLICT, cloud.MsgCollectionReturning, org.Name)
	}
	return nil
}

// offerUpdate sends a returning worker's update link to the e-mail
// address their record holds, or asks the link's officer to send one. A
// mail the limits refuse is not sent (someone may be typing a worker's
// name again and again); the worker is answered the same.
func (s *Service) offerUpdate(ctx context.Context, link *cloud.CollectionLink, org *cloud.Organization, o openedCode) error {
	if email := recordEmail(o.record); email != "" {
		if s.allowMail(ctx, org.ID, nil, email) != nil {
			return nil
		}
		_, err := s.sendUpdateLink(ctx, org, o.code, email, link.CreatedBy)
		return err
	}
	s.addActivity(ctx, org.ID, cloud.ActivityReturningWorker, fmt.Sprintf("code %d", o.code.ID))
	officer, err := s.store.FindUserByID(ctx, link.CreatedBy)
	if err != nil || s.allowMail(ctx, org.ID, nil, officer.Email) != nil {
		return nil // a member since removed, or mail held back: Recent Activity says it
	}
	return s.sendMail(ctx, mailCause("returning-worker", link.ID, o.code.ID, s.now().Unix()), cloud.Mail{To: officer.Email,
		Subject: cloud.MsgReturningWorkerMailSubject,
		Text:    fmt.Sprintf(returningWorkerMailText, quoted(org.Name), o.code.ID)})
}

// recordEmail is the first valid e-mail address among a record's e-mail
// fields, "" for none.
func recordEmail(r emergency.Record) string {
	for _, f := range r.Fields {
		if f.Type != emergency.FieldEmail {
			continue
		}
		if email := cloud.NormalizeEmail(r.Values[f.ID]); cloud.ValidEmail(email) {
			return email
		}
	}
	return ""
}

// returningWorkerMailText: the organisation's name (quoted), the code's id.
// No name or medical data goes in mail.
const returningWorkerMailText = `Lifetag: a worker asks to update their details.

Someone sent the form of a collection link of the organisation named %s with details that match the worker who already has QR code %d, so no second code was made.

Their record has no e-mail address, so they could not be sent an update link. Check with the worker, then open QR code %[2]d in the library and use "Send update link".
`

// updateLinkMailText: the organisation's name (quoted), the link, its
// hours. No medical data goes in mail.
const updateLinkMailText = `Lifetag: please check the emergency details on your label.

The organisation named %s, which prints your label with Lifetag, asks you to check them.

Open this link on your phone to see and correct them:

%s

The link works once, for %d hours. If you did not expect this message, ignore it.
`
