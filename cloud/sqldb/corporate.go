package sqldb

import (
	"context"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// Corporate accounts: organizations, pending_corporate_registrations,
// organization_activity, and the members' rows of users.

const organizationColumns = `id, name, industry, contact_first_name, contact_last_name, contact_email,
	contact_phone, billing_address, city, country, employee_count, requirements, subscription_tier,
	subscription_status, max_qr_codes, stripe_customer_id, coalesce(stripe_subscription_id, ''),
	coalesce(checkout_session_id, ''), trial_ends_at, subscription_event_at, paper_size, created_at, updated_at,
	review_period_months`

func scanOrganization(row scanner) (*cloud.Organization, error) {
	var o cloud.Organization
	err := row.Scan(&o.ID, &o.Name, &o.OrganizationType, &o.ContactFirstName, &o.ContactLastName, &o.ContactEmail,
		&o.Phone, &o.Address, &o.City, &o.Country, &o.EmployeeCount, &o.Requirements, &o.Plan,
		&o.SubscriptionStatus, &o.MaxQRCodes, &o.StripeCustomerID, &o.StripeSubscriptionID,
		&o.CheckoutSessionID, timeDest(&o.TrialEndsAt), timeDest(&o.SubscriptionEventAt), &o.PaperSize,
		timeDest(&o.CreatedAt), timeDest(&o.UpdatedAt), &o.ReviewPeriodMonths)
	return &o, err
}

func findOrganization(c conn, where string, args ...any) (*cloud.Organization, error) {
	o, err := scanOrganization(c.queryRow(`SELECT `+organizationColumns+` FROM organizations WHERE `+where, args...))
	if err != nil {
		return nil, storeError(err, "organization")
	}
	return o, nil
}

// nullIfZero stores an absent id as NULL.
func nullIfZero(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// nullTime stores the zero time as NULL.
func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t
}

const registrationColumns = `id, ref, organization_name, contact_first_name, contact_last_name, contact_email,
	phone, organization_type, employee_count, subscription_plan, address, city, country, requirements,
	coalesce(checkout_session_id, ''), status, coalesce(organization_id, 0), created_at, confirm_token_hash,
	mailbox_hash, client_hash, mails_sent`

func scanRegistration(row scanner) (*cloud.Registration, error) {
	var r cloud.Registration
	err := row.Scan(&r.ID, &r.Ref, &r.OrganizationName, &r.ContactFirstName, &r.ContactLastName, &r.ContactEmail,
		&r.Phone, &r.OrganizationType, &r.EmployeeCount, &r.Plan, &r.Address, &r.City, &r.Country, &r.Requirements,
		&r.CheckoutSessionID, &r.Status, &r.OrganizationID, timeDest(&r.CreatedAt), &r.ConfirmTokenHash,
		&r.MailboxHash, &r.ClientHash, &r.MailsSent)
	return &r, err
}

func findRegistration(c conn, ref, lock string) (*cloud.Registration, error) {
	r, err := scanRegistration(c.queryRow(`SELECT `+registrationColumns+`
		FROM pending_corporate_registrations WHERE ref = $1`+lock, ref))
	if err != nil {
		return nil, storeError(err, "registration")
	}
	return r, nil
}

func (db *DB) CreateRegistration(ctx context.Context, r *cloud.Registration) error {
	err := db.conn(ctx).queryRow(`
		INSERT INTO pending_corporate_registrations (ref, organization_name, contact_first_name,
			contact_last_name, contact_email, phone, organization_type, employee_count, subscription_plan,
			address, city, country, requirements, status, organization_id, created_at, confirm_token_hash,
			mailbox_hash, client_hash, mails_sent)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
		RETURNING id`,
		r.Ref, r.OrganizationName, r.ContactFirstName, r.ContactLastName, r.ContactEmail, r.Phone,
		r.OrganizationType, r.EmployeeCount, r.Plan, r.Address, r.City, r.Country, r.Requirements,
		cloud.RegistrationPending, nullIfZero(r.OrganizationID), r.CreatedAt, nullBytes(r.ConfirmTokenHash),
		nullBytes(r.MailboxHash), nullBytes(r.ClientHash), r.MailsSent,
	).Scan(&r.ID)
	r.Status = cloud.RegistrationPending
	return storeError(err, "registration")
}

func (db *DB) SetRegistrationCheckout(ctx context.Context, ref, sessionID string) error {
	n, err := db.conn(ctx).exec(`UPDATE pending_corporate_registrations SET checkout_session_id = $2
		WHERE ref = $1`, ref, sessionID)
	if err == nil && n == 0 {
		return cloud.Errorf(cloud.ENOTFOUND, "registration not found")
	}
	return storeError(err, "registration")
}

func (db *DB) FindRegistration(ctx context.Context, ref string) (*cloud.Registration, error) {
	return findRegistration(db.conn(ctx), ref, "")
}

// nullBytes stores an absent hash as NULL (unique columns allow many).
func nullBytes(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return b
}

func (db *DB) CountTrialRegistrations(ctx context.Context, mailboxHash, clientHash []byte, since time.Time) (int, int, error) {
	var byMailbox, byClient int
	err := db.conn(ctx).queryRow(`SELECT
		(SELECT count(*) FROM pending_corporate_registrations WHERE mailbox_hash = $1 AND created_at >= $3),
		(SELECT count(*) FROM pending_corporate_registrations WHERE client_hash = $2 AND created_at >= $3)`,
		mailboxHash, clientHash, since).Scan(&byMailbox, &byClient)
	return byMailbox, byClient, storeError(err, "registrations")
}

func (db *DB) TrialMailboxUsed(ctx context.Context, mailboxHash []byte) (bool, error) {
	var n int
	err := db.conn(ctx).queryRow(`SELECT count(*) FROM trial_mailboxes WHERE mailbox_hash = $1`, mailboxHash).Scan(&n)
	return n > 0, storeError(err, "trial mailboxes")
}

func (db *DB) FindRegistrationByConfirmToken(ctx context.Context, tokenHash []byte) (*cloud.Registration, error) {
	r, err := scanRegistration(db.conn(ctx).queryRow(`SELECT `+registrationColumns+`
		FROM pending_corporate_registrations WHERE confirm_token_hash = $1`, tokenHash))
	if err != nil {
		return nil, storeError(err, "registration")
	}
	return r, nil
}

func (db *DB) NoteRegistrationMail(ctx context.Context, ref string, tokenHash []byte) (int, error) {
	var n int
	err := db.conn(ctx).queryRow(`UPDATE pending_corporate_registrations SET mails_sent = mails_sent + 1,
		confirm_token_hash = coalesce($2, confirm_token_hash) WHERE ref = $1 RETURNING mails_sent`,
		ref, nullBytes(tokenHash)).Scan(&n)
	return n, storeError(err, "registration")
}

func (db *DB) RenewTrialLink(ctx context.Context, ref string, tokenHash []byte, now time.Time) error {
	n, err := db.conn(ctx).exec(`UPDATE pending_corporate_registrations SET mails_sent = mails_sent + 1,
		confirm_token_hash = $2, created_at = $3 WHERE ref = $1 AND status = $4 AND confirm_token_hash IS NOT NULL`,
		ref, tokenHash, now, cloud.RegistrationPending)
	if err != nil {
		return storeError(err, "registration")
	}
	if n == 0 {
		return cloud.NewError(cloud.ENOTFOUND, "registration not found")
	}
	return nil
}

func (db *DB) FindOrganization(ctx context.Context, id int64) (*cloud.Organization, error) {
	return findOrganization(db.conn(ctx), `id = $1`, id)
}

func (db *DB) CountOrganization(ctx context.Context, id int64) (*cloud.OrganizationCounts, error) {
	var n cloud.OrganizationCounts
	// Every code counts, active or not, as for the quota (CreateCodes).
	err := db.conn(ctx).queryRow(`SELECT
		(SELECT count(*) FROM organization_qr_codes WHERE organization_id = $1),
		(SELECT count(*) FROM projects WHERE organization_id = $1),
		(SELECT count(*) FROM users WHERE organization_id = $1) + `+strangerInvitations, id).Scan(&n.QRCodes, &n.Projects, &n.Members)
	return &n, storeError(err, "organization counts")
}

// strangerInvitations counts the invitations of organisation $1 that have
// no member row (the address has an account elsewhere): with the users,
// the team's seats.
const strangerInvitations = `(SELECT count(*) FROM team_invitations i WHERE i.organization_id = $1
	AND NOT EXISTS (SELECT 1 FROM users u WHERE u.organization_id = $1 AND u.email = i.email))`

func scanInvitation(row scanner) (*cloud.Invitation, error) {
	var inv cloud.Invitation
	err := row.Scan(&inv.ID, &inv.OrganizationID, &inv.Email, timeDest(&inv.CreatedAt))
	return &inv, err
}

func (db *DB) ListInvitations(ctx context.Context, organizationID int64) ([]*cloud.Invitation, error) {
	return list(db.conn(ctx), "invitations", scanInvitation, `SELECT id, organization_id, email, created_at
		FROM team_invitations WHERE organization_id = $1 ORDER BY id`, organizationID)
}

func (db *DB) ListMembers(ctx context.Context, organizationID int64) ([]*cloud.User, error) {
	return list(db.conn(ctx), "members", func(row scanner) (*cloud.User, error) {
		var u cloud.User
		err := row.Scan(userFields(&u)...)
		return &u, err
	}, `SELECT `+userColumns+` FROM users WHERE organization_id = $1
		ORDER BY user_type = $2 DESC, id`, organizationID, cloud.UserTypeCorporateOwner)
}

func (db *DB) ListActivity(ctx context.Context, organizationID int64, limit int) ([]*cloud.Activity, error) {
	return list(db.conn(ctx), "activity", func(row scanner) (*cloud.Activity, error) {
		var a cloud.Activity
		err := row.Scan(&a.ID, &a.OrganizationID, &a.Kind, &a.Detail, timeDest(&a.CreatedAt))
		return &a, err
	}, `SELECT id, organization_id, kind, detail, created_at FROM organization_activity
		WHERE organization_id = $1 ORDER BY id DESC LIMIT $2`, organizationID, limit)
}

func (db *DB) ListOrganizations(ctx context.Context, search string, offset, limit int) ([]*cloud.Organization, int, error) {
	// LIKE's own characters in the search are matched as themselves.
	pattern := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(search)) + "%"
	where := `(lower(name) LIKE $1 ESCAPE '\' OR contact_email LIKE $1 ESCAPE '\')`
	c := db.conn(ctx)
	var total int
	if err := c.queryRow(`SELECT count(*) FROM organizations WHERE `+where, pattern).Scan(&total); err != nil {
		return nil, 0, storeError(err, "organizations")
	}
	out, err := list(c, "organizations", scanOrganization, `SELECT `+organizationColumns+` FROM organizations
		WHERE `+where+` ORDER BY id LIMIT $2 OFFSET $3`, pattern, limit, offset)
	return out, total, err
}

func (db *DB) ListTrialsEnding(ctx context.Context, from, to time.Time) ([]*cloud.Organization, error) {
	var out []*cloud.Organization
	err := db.inTx(ctx, func(c conn) error {
		var err error
		out, err = list(c, "organizations", scanOrganization, `SELECT `+organizationColumns+` FROM organizations
			WHERE subscription_status = $1 AND NOT trial_notice_sent AND trial_ends_at >= $2 AND trial_ends_at < $3
			ORDER BY id`+c.d.lockRows, cloud.SubscriptionTrial, from, to)
		if err != nil {
			return err
		}
		for _, o := range out {
			if _, err := c.exec(`UPDATE organizations SET trial_notice_sent = true WHERE id = $1`, o.ID); err != nil {
				return storeError(err, "organization")
			}
		}
		return nil
	})
	return out, err
}

func (db *DB) DeleteRegistrationsBefore(ctx context.Context, before time.Time) (int64, error) {
	n, err := db.conn(ctx).exec(`DELETE FROM pending_corporate_registrations WHERE created_at < $1`, before)
	return n, storeError(err, "registrations")
}

func (db *DB) ExpireTrials(ctx context.Context, now time.Time) (int64, error) {
	n, err := db.conn(ctx).exec(`UPDATE organizations SET subscription_status = $1, updated_at = $3
		WHERE subscription_status = $2 AND trial_ends_at <= $3`,
		cloud.SubscriptionInactive, cloud.SubscriptionTrial, now)
	return n, storeError(err, "organizations")
}

func (db *DB) InCorporateTx(ctx context.Context, fn func(cloud.CorporateTx) error) error {
	return db.inTx(ctx, func(c conn) error { return fn(corporateTx{c}) })
}

// corporateTx runs each corporate step as one statement in a transaction.
type corporateTx struct{ c conn }

func (t corporateTx) RecordEvent(eventID, eventType string, now time.Time) (bool, error) {
	return paymentTx(t).RecordEvent(eventID, eventType, now)
}

func (t corporateTx) LockRegistration(ref string) (*cloud.Registration, error) {
	return findRegistration(t.c, ref, t.c.d.lockRows)
}

func (t corporateTx) CompleteRegistration(ref string, organizationID int64) error {
	_, err := t.c.exec(`UPDATE pending_corporate_registrations SET status = $2, organization_id = $3
		WHERE ref = $1`, ref, cloud.RegistrationCompleted, organizationID)
	return storeError(err, "registration")
}

func (t corporateTx) CreateOrganization(o *cloud.Organization) error {
	err := t.c.queryRow(`
		INSERT INTO organizations (name, industry, contact_first_name, contact_last_name, contact_email,
			contact_phone, billing_address, city, country, employee_count, requirements, subscription_tier,
			subscription_status, max_qr_codes, stripe_customer_id, stripe_subscription_id, checkout_session_id,
			trial_ends_at, subscription_event_at, created_at, updated_at, paper_size)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20, $21)
		RETURNING id`,
		o.Name, o.OrganizationType, o.ContactFirstName, o.ContactLastName, o.ContactEmail, o.Phone, o.Address,
		o.City, o.Country, o.EmployeeCount, o.Requirements, o.Plan, o.SubscriptionStatus, o.MaxQRCodes,
		o.StripeCustomerID, nullIfEmpty(o.StripeSubscriptionID), nullIfEmpty(o.CheckoutSessionID),
		nullTime(o.TrialEndsAt), nullTime(o.SubscriptionEventAt), o.CreatedAt, o.PaperSize,
	).Scan(&o.ID)
	o.UpdatedAt = o.CreatedAt
	return storeError(err, "organization")
}

func (t corporateTx) SetPaperSize(organizationID int64, paper string, now time.Time) error {
	_, err := t.c.exec(`UPDATE organizations SET paper_size = $2, updated_at = $3 WHERE id = $1`,
		organizationID, paper, now)
	return storeError(err, "organization")
}

func (t corporateTx) SetReviewPeriod(organizationID int64, months int, now time.Time) error {
	_, err := t.c.exec(`UPDATE organizations SET review_period_months = $2, updated_at = $3 WHERE id = $1`,
		organizationID, months, now)
	return storeError(err, "organization")
}

func (t corporateTx) LockOrganization(id int64) (*cloud.Organization, error) {
	return findOrganization(t.c, `id = $1`+t.c.d.lockRows, id)
}

func (t corporateTx) LockOrganizationBySubscription(subscriptionID string) (*cloud.Organization, error) {
	return findOrganization(t.c, `stripe_subscription_id = $1`+t.c.d.lockRows, subscriptionID)
}

func (t corporateTx) UpdateSubscription(o *cloud.Organization) error {
	_, err := t.c.exec(`UPDATE organizations SET subscription_tier = $2, subscription_status = $3,
		max_qr_codes = $4, stripe_customer_id = $5, subscription_event_at = $6, updated_at = $7 WHERE id = $1`,
		o.ID, o.Plan, o.SubscriptionStatus, o.MaxQRCodes, o.StripeCustomerID, nullTime(o.SubscriptionEventAt),
		o.UpdatedAt)
	return storeError(err, "organization")
}

func (t corporateTx) StartSubscription(o *cloud.Organization) error {
	_, err := t.c.exec(`UPDATE organizations SET subscription_tier = $2, subscription_status = $3,
		max_qr_codes = $4, stripe_customer_id = $5, stripe_subscription_id = $6, checkout_session_id = $7,
		trial_ends_at = NULL, updated_at = $8 WHERE id = $1`,
		o.ID, o.Plan, o.SubscriptionStatus, o.MaxQRCodes, o.StripeCustomerID, nullIfEmpty(o.StripeSubscriptionID),
		nullIfEmpty(o.CheckoutSessionID), o.UpdatedAt)
	return storeError(err, "organization")
}

func (t corporateTx) CountMembers(organizationID int64) (int, error) {
	var n int
	// Standard members (single sign-on) hold no admin seat.
	err := t.c.queryRow(`SELECT (SELECT count(*) FROM users WHERE organization_id = $1 AND user_type <> '`+
		cloud.UserTypeCorporateMember+`') + `+strangerInvitations, organizationID).Scan(&n)
	return n, storeError(err, "members")
}

func (t corporateTx) AddInvitation(organizationID int64, email string, now time.Time) error {
	_, err := t.c.exec(`INSERT INTO team_invitations (organization_id, email, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (organization_id, email) DO NOTHING`, organizationID, email, now)
	return storeError(err, "invitation")
}

func (t corporateTx) FindInvitation(organizationID, id int64) (*cloud.Invitation, error) {
	inv, err := scanInvitation(t.c.queryRow(`SELECT id, organization_id, email, created_at FROM team_invitations
		WHERE organization_id = $1 AND id = $2`, organizationID, id))
	return inv, storeError(err, "invitation")
}

func (t corporateTx) DeleteInvitation(organizationID int64, email string) error {
	_, err := t.c.exec(`DELETE FROM team_invitations WHERE organization_id = $1 AND email = $2`, organizationID, email)
	return storeError(err, "invitation")
}

func (t corporateTx) EmailTaken(email string) (bool, error) {
	var n int
	err := t.c.queryRow(`SELECT count(*) FROM users WHERE email = $1`, email).Scan(&n)
	return n > 0, storeError(err, "user")
}

func (t corporateTx) CreateMember(organizationID int64, email, userType string, now time.Time) (*cloud.User, error) {
	n, err := t.c.exec(`INSERT INTO users (email, user_type, organization_id, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $4) ON CONFLICT (email) DO NOTHING`, email, userType, organizationID, now)
	if err != nil {
		return nil, storeError(err, "user")
	}
	if n == 0 {
		return nil, cloud.Errorf(cloud.ECONFLICT, "user already exists")
	}
	return findUser(t.c, `email = $1`, email)
}

func (t corporateTx) FindMember(organizationID, userID int64) (*cloud.User, error) {
	return findUser(t.c, `id = $1 AND organization_id = $2`+t.c.d.lockRows, userID, organizationID)
}

func (t corporateTx) FindOwner(organizationID int64) (*cloud.User, error) {
	u, err := findUser(t.c, `organization_id = $1 AND user_type = $2`+t.c.d.lockRows, organizationID,
		cloud.UserTypeCorporateOwner)
	return u, storeError(err, "user")
}

func (t corporateTx) DeleteMember(organizationID, userID int64) error {
	member, err := t.FindMember(organizationID, userID)
	if err != nil {
		return storeError(err, "user")
	}
	return deleteAccount(t.c, member)
}

func (t corporateTx) UseTrialMailbox(mailboxHash []byte, now time.Time) error {
	n, err := t.c.exec(`INSERT INTO trial_mailboxes (mailbox_hash, created_at) VALUES ($1, $2)
		ON CONFLICT (mailbox_hash) DO NOTHING`, mailboxHash, now)
	if err == nil && n == 0 {
		return cloud.NewError(cloud.ECONFLICT, cloud.MsgTrialMailboxUsed)
	}
	return storeError(err, "trial mailboxes")
}

// deleteMembers deletes the accounts of every member of the organisation.
func (t corporateTx) deleteMembers(organizationID int64) error {
	members, err := list(t.c, "members", func(row scanner) (*cloud.User, error) {
		var u cloud.User
		err := row.Scan(userFields(&u)...)
		return &u, err
	}, `SELECT `+userColumns+` FROM users WHERE organization_id = $1`, organizationID)
	if err != nil {
		return err
	}
	for _, m := range members {
		if err := deleteAccount(t.c, m); err != nil {
			return err
		}
	}
	return nil
}

func (t corporateTx) RemoveAccess(organizationID int64, now time.Time) error {
	if err := t.deleteMembers(organizationID); err != nil {
		return err
	}
	if _, err := t.c.exec(`DELETE FROM team_invitations WHERE organization_id = $1`, organizationID); err != nil {
		return storeError(err, "invitations")
	}
	// Its single sign-on too: the old provider would let the old team
	// back in as members.
	for _, table := range []string{"sso_logins", "sso_domains", "organization_sso"} {
		if _, err := t.c.exec(`DELETE FROM `+table+` WHERE organization_id = $1`, organizationID); err != nil {
			return storeError(err, "single sign-on")
		}
	}
	_, err := t.c.exec(`UPDATE api_keys SET revoked_at = $2 WHERE organization_id = $1 AND revoked_at IS NULL`, organizationID, now)
	return storeError(err, "API keys")
}

func (t corporateTx) DeleteOrganization(id int64) error {
	if err := t.deleteMembers(id); err != nil {
		return err
	}
	// Its projects, codes, templates, links, print runs and activity go
	// with it (ON DELETE CASCADE); its registrations forget it.
	n, err := t.c.exec(`DELETE FROM organizations WHERE id = $1`, id)
	if err == nil && n == 0 {
		return cloud.Errorf(cloud.ENOTFOUND, "organization not found")
	}
	return storeError(err, "organization")
}

func (t corporateTx) SetContactEmail(id int64, email string, now time.Time) error {
	_, err := t.c.exec(`UPDATE organizations SET contact_email = $2, updated_at = $3 WHERE id = $1`, id, email, now)
	return storeError(err, "organization")
}

func (t corporateTx) AddActivity(a *cloud.Activity) error {
	err := t.c.queryRow(`INSERT INTO organization_activity (organization_id, kind, detail, created_at)
		VALUES ($1, $2, $3, $4) RETURNING id`, a.OrganizationID, a.Kind, a.Detail, a.CreatedAt).Scan(&a.ID)
	return storeError(err, "activity")
}
