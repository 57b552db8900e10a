package service

// The admin dashboard and the fulfilment loop (docs/design/admin-corporate.md §2-§8,
// docs/design/decisions.md §8 "Admin and fulfilment"). Every use case here is for admins
// only (requireAdmin); each admin read of customer data and each admin
// change is written to the audit log, with nothing medical in it.

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// requireAdmin lets admins through: anonymous callers get EUNAUTHORIZED,
// everyone else EFORBIDDEN.
func requireAdmin(actor *cloud.User) error {
	if actor == nil {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	if !actor.IsAdmin {
		return cloud.NewError(cloud.EFORBIDDEN, cloud.MsgAdminRequired)
	}
	return nil
}

// Page is how a client asks for one page of an admin list: 1-based page
// number, page size (NewPage's defaults) and an optional search.
type Page struct {
	Search   string
	Page     int
	PageSize int
}

// NewPage is the first page at the default size.
func NewPage(search string) Page {
	return Page{Search: search, Page: 1, PageSize: cloud.AdminPageSizeDefault}
}

// query checks a page request and turns it into the store's query.
func (p Page) query() (cloud.PageQuery, error) {
	if p.Page < 1 || p.PageSize < 1 || p.PageSize > cloud.AdminPageSizeMax || p.Page > cloud.AdminPageMax {
		return cloud.PageQuery{}, cloud.NewError(cloud.EINVALID, cloud.MsgPageInvalid)
	}
	search := strings.TrimSpace(p.Search)
	if len(search) > cloud.AdminSearchMaxBytes {
		return cloud.PageQuery{}, cloud.NewError(cloud.EINVALID, cloud.MsgSearchTooLong)
	}
	return cloud.PageQuery{Search: search, Limit: p.PageSize, Offset: (p.Page - 1) * p.PageSize}, nil
}

func viewAdminUser(u *cloud.AdminUser) api.AdminUser {
	return api.AdminUser{ID: u.ID, Email: u.Email, HasPrintAccess: u.HasPrintAccess, IsAdmin: u.IsAdmin,
		ReferralCode: optional(u.ReferralCode), ReferralCount: u.ReferralCount, CreatedAt: u.CreatedAt}
}

// AdminUsers returns a page of users, newest first.
func (s *Service) AdminUsers(ctx context.Context, actor *cloud.User, p Page) (*api.AdminUsersPage, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	q, err := p.query()
	if err != nil {
		return nil, err
	}
	users, total, err := s.store.ListAdminUsers(ctx, q)
	if err != nil {
		return nil, err
	}
	out := &api.AdminUsersPage{Users: make([]api.AdminUser, len(users)), Total: min(total, cloud.SearchCountLimit),
		TotalAtLeast: total > cloud.SearchCountLimit, Page: q.Offset/q.Limit + 1, PageSize: q.Limit}
	for i, u := range users {
		out.Users[i] = viewAdminUser(u)
	}
	return out, nil
}

func (s *Service) AdminStats(ctx context.Context, actor *cloud.User) (*api.AdminStats, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	st, err := s.store.CountAdminStats(ctx)
	if err != nil {
		return nil, err
	}
	return &api.AdminStats{TotalUsers: st.TotalUsers, PaidUsers: st.PaidUsers,
		ActiveReferrers: st.ActiveReferrers, TotalReferrals: st.TotalReferrals}, nil
}

func viewAdminOrder(o *cloud.AdminOrder) api.AdminOrder {
	return api.AdminOrder{UserID: o.UserID, ID: o.ID, OrderID: o.OrderID, UserEmail: o.UserEmail,
		LabelType: o.LabelType, Quantity: o.Quantity, Price: float64(o.PricePence) / 100, PricePence: o.PricePence,
		Status: o.Status, TrackingNumber: optional(o.TrackingNumber), CreatedAt: o.CreatedAt}
}

func (s *Service) AdminOrders(ctx context.Context, actor *cloud.User, p Page) (*api.AdminOrdersPage, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	q, err := p.query()
	if err != nil {
		return nil, err
	}
	orders, total, err := s.store.ListAdminOrders(ctx, q)
	if err != nil {
		return nil, err
	}
	out := &api.AdminOrdersPage{Orders: make([]api.AdminOrder, len(orders)), Total: total,
		Page: q.Offset/q.Limit + 1, PageSize: q.Limit}
	for i, o := range orders {
		out.Orders[i] = viewAdminOrder(o)
	}
	return out, nil
}

// findOrder finds an order by its order id, with the spec-facing message.
func (s *Service) findOrder(ctx context.Context, orderID string) (*cloud.AdminOrder, error) {
	o, err := s.store.FindAdminOrder(ctx, strings.TrimSpace(orderID))
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgOrderNotFound)
	}
	return o, err
}

// UpdateOrder sets an order's status and tracking number (any status, as
// the spec allows; every change goes into the order's history). Marking an
// order shipped takes a tracking number and mails the customer.
func (s *Service) UpdateOrder(ctx context.Context, actor *cloud.User, orderID string, u api.AdminOrderUpdate) (*api.AdminOrder, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	status := strings.ToLower(strings.TrimSpace(u.Status))
	tracking := strings.TrimSpace(u.TrackingNumber)
	if !slices.Contains(cloud.OrderStatuses, status) {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgOrderStatusInvalid)
	}
	if len(tracking) > cloud.TrackingNumberMaxBytes || strings.ContainsFunc(tracking, isControl) {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgTrackingInvalid)
	}
	if status == cloud.OrderShipped && tracking == "" {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgTrackingRequired)
	}
	order, err := s.findOrder(ctx, orderID)
	if err != nil {
		return nil, err
	}
	newlyShipped := status == cloud.OrderShipped && (order.Status != cloud.OrderShipped || order.TrackingNumber != tracking)
	if newlyShipped && order.UserEmail != "" {
		if err := s.allowMail(ctx, 0, actor, order.UserEmail); err != nil {
			return nil, err
		}
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.changeOrderStatus(ctx, actor, order, status, tracking); err != nil {
			return err
		}
		if !newlyShipped || order.UserEmail == "" {
			return nil
		}
		return s.sendMail(ctx, mailCause("shipped", order.ID, hashToken(tracking)),
			shippedMail(order.UserEmail, order.OrderID, tracking, s.baseURL))
	})
	if err != nil {
		return nil, err
	}
	view := viewAdminOrder(order)
	return &view, nil
}

// shippedMail is the mail a customer gets when their labels are posted.
func shippedMail(to, orderID, tracking, baseURL string) cloud.Mail {
	return cloud.Mail{To: to, Subject: cloud.MsgShippedMailSubject,
		Text: fmt.Sprintf(cloud.ShippedMailText, orderID, quoted(tracking), baseURL)}
}

// changeOrderStatus records a change (store: order and history in one
// transaction) and audits it; order is updated in place.
func (s *Service) changeOrderStatus(ctx context.Context, actor *cloud.User, order *cloud.AdminOrder, status, tracking string) error {
	now := s.now()
	if err := s.store.ChangeOrderStatus(ctx, &cloud.OrderStatusChange{OrderID: order.ID, Status: status,
		TrackingNumber: tracking, ChangedBy: actor.ID, ChangedAt: now}); err != nil {
		return err
	}
	order.Status, order.TrackingNumber = status, tracking
	s.audit(ctx, actor, cloud.AuditOrderStatusChanged, order.UserID, order.OrderID+" "+status)
	return nil
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// OrderHistory returns an order's status changes, oldest first.
func (s *Service) OrderHistory(ctx context.Context, actor *cloud.User, orderID string) ([]api.AdminOrderHistoryEntry, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	order, err := s.findOrder(ctx, orderID)
	if err != nil {
		return nil, err
	}
	changes, err := s.store.ListOrderHistory(ctx, order.ID)
	if err != nil {
		return nil, err
	}
	admins := map[int64]*string{}
	out := make([]api.AdminOrderHistoryEntry, len(changes))
	for i, ch := range changes {
		out[i] = api.AdminOrderHistoryEntry{Status: ch.Status, TrackingNumber: optional(ch.TrackingNumber), ChangedAt: ch.ChangedAt}
		if ch.ChangedBy == 0 {
			continue
		}
		if _, seen := admins[ch.ChangedBy]; !seen {
			if u, err := s.store.FindUserByID(ctx, ch.ChangedBy); err == nil {
				admins[ch.ChangedBy] = &u.Email
			} else if cloud.ErrorCode(err) != cloud.ENOTFOUND {
				return nil, err
			}
		}
		out[i].ChangedBy = admins[ch.ChangedBy]
	}
	return out, nil
}

// OrderLabels is "Print Labels" on an order: the label engine's PDF of the
// customer's current record on the ordered preset, one sheet per ordered
// pack: the very sheet the customer prints (LabelSheet). The order is the
// entitlement, so the customer's print access is not needed. A pending
// order moves to processing.
func (s *Service) OrderLabels(ctx context.Context, actor *cloud.User, orderID string) ([]byte, error) {
	ctx, span := startSpan(ctx, "OrderLabels")
	defer span.End()
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	order, err := s.findOrder(ctx, orderID)
	if err != nil {
		return nil, err
	}
	customer, err := s.store.FindUserByID(ctx, order.UserID)
	if err != nil {
		return nil, err
	}
	options := api.LabelOptions{LabelType: order.LabelType, PaperSize: cloud.AdminOrderPaperSize, PrintQuality: cloud.AdminOrderPrintQuality}
	template, dpi, err := sheetTemplate(options)
	if err != nil {
		return nil, err
	}
	record, loc, err := s.storedRecord(ctx, customer, defaultTimeZone)
	if err != nil {
		return nil, err
	}
	pdf, err := s.render(ctx, cloud.LabelKindSheet, "pdf", func() ([]byte, error) {
		return renderLabelSheets(template, dpi, options, *record, emergency.QRText(*record, s.now(), loc), order.Quantity)
	})
	if err != nil {
		return nil, err
	}
	if err := s.auditRead(ctx, actor, cloud.AuditOrderLabelsPrinted, order.UserID, order.OrderID); err != nil {
		return nil, err
	}
	if order.Status == cloud.OrderPending {
		if err := s.changeOrderStatus(ctx, actor, order, cloud.OrderProcessing, order.TrackingNumber); err != nil {
			return nil, err
		}
	}
	return pdf, nil
}

// ShippingAddress returns where an order's labels go (null once the
// customer deleted their personal data); the read is audited.
func (s *Service) ShippingAddress(ctx context.Context, actor *cloud.User, orderID string) (*api.AdminShippingAddress, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	order, err := s.findOrder(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if order.ShippingAddress == nil {
		return nil, nil
	}
	var address cloud.ShippingAddress
	if err := s.openJSON(order.UserID, fieldShippingAddress, order.ShippingAddress, &address); err != nil {
		return nil, err
	}
	if err := s.auditRead(ctx, actor, cloud.AuditShippingViewed, order.UserID, order.OrderID); err != nil {
		return nil, err
	}
	// Field by field: what is stored (cloud.ShippingAddress) and what is
	// sent may change apart.
	return &api.AdminShippingAddress{Email: address.Email, FullName: address.FullName,
		AddressLine1: address.AddressLine1, AddressLine2: address.AddressLine2, City: address.City,
		County: address.County, Postcode: address.Postcode, Country: address.Country}, nil
}

// CustomerData returns a customer's emergency record for printing; the
// read is audited.
func (s *Service) CustomerData(ctx context.Context, actor *cloud.User, userID string) (*api.AdminCustomerData, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	target, err := s.findUserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := &api.AdminCustomerData{User: api.AdminCustomer{Email: target.Email, HasPrintAccess: target.HasPrintAccess}}
	record, err := s.store.FindEmergencyRecord(ctx, target.ID)
	if err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND {
		return nil, err
	}
	if err == nil {
		d, err := s.openRecord(record)
		if err != nil {
			return nil, err
		}
		out.EmergencyData = &api.AdminCustomerRecord{LastUpdated: record.UpdatedAt, PersonalInfo: d.PersonalInfo,
			EmergencyContacts: d.EmergencyContacts, MedicalInfo: d.MedicalInfo}
	}
	if err := s.auditRead(ctx, actor, cloud.AuditCustomerDataViewed, target.ID, target.Email); err != nil {
		return nil, err
	}
	return out, nil
}

// findUserByID parses an id from a request and finds its user.
func (s *Service) findUserByID(ctx context.Context, id string) (*cloud.User, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(id), 10, 64)
	if err != nil || n <= 0 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgUserIDRequired)
	}
	u, err := s.store.FindUserByID(ctx, n)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgUserNotFound)
	}
	return u, err
}

// SetPrintAccess grants or revokes a user's print access and answers the
// spec's message for it.
func (s *Service) SetPrintAccess(ctx context.Context, actor *cloud.User, userID string, granted bool) (string, error) {
	if err := requireAdmin(actor); err != nil {
		return "", err
	}
	target, err := s.findUserByID(ctx, userID)
	if err != nil {
		return "", err
	}
	if err := s.store.SetPrintAccess(ctx, target.ID, granted, s.now()); err != nil {
		return "", err
	}
	if granted {
		s.audit(ctx, actor, cloud.AuditPrintAccessGranted, target.ID, target.Email)
		return cloud.MsgPrintAccessGranted, nil
	}
	s.audit(ctx, actor, cloud.AuditPrintAccessRevoked, target.ID, target.Email)
	return cloud.MsgPrintAccessRevoked, nil
}

// CreateUser makes an account without a password, optionally with print
// access granted as a payment grants it (minus the payment), and mails the
// person the set-password link the answer also carries.
func (s *Service) CreateUser(ctx context.Context, actor *cloud.User, email string, hasPrintAccess bool) (*api.AdminCreatedUser, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	email = cloud.NormalizeEmail(email)
	if email == "" {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgAdminEmailRequired)
	}
	if err := validEmail(email); err != nil {
		return nil, err
	}
	if err := s.allowMail(ctx, 0, actor, email); err != nil {
		return nil, err
	}
	now := s.now()
	u := &cloud.User{Email: email, CreatedAt: now, UpdatedAt: now}
	if err := s.store.CreateUser(ctx, u); cloud.ErrorCode(err) == cloud.ECONFLICT {
		return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgUserAlreadyExists)
	} else if err != nil {
		return nil, err
	}
	if hasPrintAccess {
		if err := s.store.InPaymentTx(ctx, func(tx cloud.PaymentTx) error { return tx.GrantPrintAccess(u.ID, now) }); err != nil {
			return nil, err
		}
		u.HasPrintAccess = true
	}
	link, err := s.mailPasswordSetup(ctx, u)
	if err != nil {
		return nil, err
	}
	s.audit(ctx, actor, cloud.AuditUserCreated, u.ID, u.Email)
	if hasPrintAccess {
		s.audit(ctx, actor, cloud.AuditPrintAccessGranted, u.ID, u.Email)
	}
	return &api.AdminCreatedUser{User: viewAdminUser(&cloud.AdminUser{User: *u}), PasswordSetupURL: link}, nil
}

// DeleteUser deletes a user and everything that names them, exactly as the
// account-deletion route does (deleteAccount). Admin accounts come from
// ADMIN_EMAILS, so they are not deleted here.
func (s *Service) DeleteUser(ctx context.Context, actor *cloud.User, userID string) error {
	if err := requireAdmin(actor); err != nil {
		return err
	}
	target, err := s.findUserByID(ctx, userID)
	if err != nil {
		return err
	}
	if target.IsAdmin {
		return cloud.NewError(cloud.EINVALID, cloud.MsgAdminNotDeletable)
	}
	if err := s.deleteAccount(ctx, target); err != nil {
		return err
	}
	s.audit(ctx, actor, cloud.AuditUserDeleted, 0, cloud.AuditDeletedTarget)
	return nil
}

// ExportUsers writes every user to write, a page at a time (flat memory),
// and audits the export.
func (s *Service) ExportUsers(ctx context.Context, actor *cloud.User, write func(api.AdminUser) error) error {
	if err := requireAdmin(actor); err != nil {
		return err
	}
	// The export reads every address: recorded first, or not made.
	if err := s.auditRead(ctx, actor, cloud.AuditUsersExported, 0, ""); err != nil {
		return err
	}
	var after int64
	for {
		users, err := s.store.ListAdminUsersAfter(ctx, after, cloud.ExportPageSize)
		if err != nil {
			return err
		}
		for _, u := range users {
			if err := write(viewAdminUser(u)); err != nil {
				return err
			}
		}
		if len(users) < cloud.ExportPageSize {
			return nil
		}
		after = users[len(users)-1].ID
	}
}

// CheckAdmin is for routes that answer before calling the service (the
// export's headers).
func (s *Service) CheckAdmin(actor *cloud.User) error { return requireAdmin(actor) }

func (s *Service) AuditLog(ctx context.Context, actor *cloud.User, p Page) (*api.AdminAuditLogPage, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	p.Search = ""
	q, err := p.query()
	if err != nil {
		return nil, err
	}
	entries, total, err := s.store.ListAuditEntries(ctx, q)
	if err != nil {
		return nil, err
	}
	out := &api.AdminAuditLogPage{Entries: make([]api.AdminAuditEntry, len(entries)), Total: total,
		Page: q.Offset/q.Limit + 1, PageSize: q.Limit}
	for i, e := range entries {
		out.Entries[i] = api.AdminAuditEntry{ID: e.ID, Actor: e.ActorEmail, Action: e.Action,
			Sentence: cloud.ActivitySentence(e.Action, e.Target), Target: e.Target, CreatedAt: e.CreatedAt}
		if e.TargetUserID != 0 {
			id := e.TargetUserID
			out.Entries[i].TargetUserID = &id
		}
	}
	return out, nil
}

// audit writes one audit entry. A failure is logged (without the target)
// rather than undoing what the admin did.
func (s *Service) audit(ctx context.Context, actor *cloud.User, action string, targetUserID int64, target string) {
	if err := s.auditRead(ctx, actor, action, targetUserID, target); err != nil {
		s.logger.Error("audit entry not written", slog.String("action", action), slog.String("error", err.Error()))
	}
}

// auditRead records an admin's read of a customer's data before the data is
// handed over: a read that cannot be recorded does not happen (an error),
// whereas a change already made is only logged when its entry fails (audit).
func (s *Service) auditRead(ctx context.Context, actor *cloud.User, action string, targetUserID int64, target string) error {
	return s.store.CreateAuditEntry(ctx, &cloud.AuditEntry{ActorEmail: actor.Email, Action: action,
		TargetUserID: targetUserID, Target: target, CreatedAt: s.now()})
}

// PurgeOldAuditEntries deletes audit entries past their retention (2 years).
func (s *Service) PurgeOldAuditEntries(ctx context.Context) (int64, error) {
	return s.store.DeleteAuditEntriesBefore(ctx, s.now().Add(-cloud.AuditRetention))
}

// Organizations lists corporate organisations for admins, by id, with each
// one's code count (the Corporate tab; its search runs in the
// page over at most adminOrganizationsLimit organisations).
func (s *Service) Organizations(ctx context.Context, actor *cloud.User) ([]api.CorporateOrganization, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	orgs, _, err := s.store.ListOrganizations(ctx, "", 0, adminOrganizationsLimit)
	if err != nil {
		return nil, err
	}
	views := make([]api.CorporateOrganization, 0, len(orgs))
	for _, o := range orgs {
		counts, err := s.store.CountOrganization(ctx, o.ID)
		if err != nil {
			return nil, err
		}
		views = append(views, ViewOrganization(o, counts.QRCodes, s.now()))
	}
	return views, nil
}

// adminOrganizationsLimit bounds the Corporate tab's list; paging it on the
// server, as users and orders are, is left for when organisations number
// in the thousands.
const adminOrganizationsLimit = 500

// adminOrganization locks an organisation for a site admin's change.
func adminOrganization(tx cloud.CorporateTx, orgID int64) (*cloud.Organization, error) {
	org, err := tx.LockOrganization(orgID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgOrganizationNotFound)
	}
	return org, err
}

// auditOrganization names an organisation in the audit log: its id and
// name, nothing of its people's records.
func auditOrganization(o *cloud.Organization) string { return fmt.Sprintf("#%d %s", o.ID, o.Name) }

// DeleteOrganization is a site admin's removal of an organisation, its
// members' accounts and everything of its own (a squatted address is free
// again). One with a live paid subscription is refused: it is cancelled in
// Stripe first, or the customer would go on paying for nothing.
func (s *Service) DeleteOrganization(ctx context.Context, actor *cloud.User, orgID int64) error {
	if err := requireAdmin(actor); err != nil {
		return err
	}
	var target string
	err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		org, err := adminOrganization(tx, orgID)
		if err != nil {
			return err
		}
		if live := org.Status(s.now()); org.StripeSubscriptionID != "" &&
			(live == cloud.SubscriptionActive || live == cloud.SubscriptionPastDue) {
			return cloud.NewError(cloud.ECONFLICT, cloud.MsgOrganizationHasSubscription)
		}
		target = auditOrganization(org)
		return tx.DeleteOrganization(org.ID)
	})
	if err != nil {
		return err
	}
	s.audit(ctx, actor, cloud.AuditOrganizationDeleted, 0, target)
	return nil
}

// HandOverOrganization is a site admin's change of an organisation's owner
// to email, an address with no account: the old owner may be a squatter,
// so every member's account (the old owner's and any they invited) and
// invitation is deleted and every API key revoked; the new owner is mailed
// a setup link, becomes the contact, and invites their own team.
func (s *Service) HandOverOrganization(ctx context.Context, actor *cloud.User, orgID int64, email string) error {
	if err := requireAdmin(actor); err != nil {
		return err
	}
	email = cloud.NormalizeEmail(email)
	if !cloud.ValidEmail(email) {
		return cloud.NewError(cloud.EINVALID, cloud.MsgValidEmailRequired)
	}
	now := s.now()
	var owner *cloud.User
	var org *cloud.Organization
	var target string
	err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		var err error
		org, err = adminOrganization(tx, orgID)
		if err != nil {
			return err
		}
		if taken, err := tx.EmailTaken(email); err != nil {
			return err
		} else if taken {
			return cloud.NewError(cloud.ECONFLICT, cloud.MsgAccountAlreadyExists)
		}
		if err := tx.RemoveAccess(org.ID, now); err != nil {
			return err
		}
		if owner, err = tx.CreateMember(org.ID, email, cloud.UserTypeCorporateOwner, now); err != nil {
			return err
		}
		if err := tx.SetContactEmail(org.ID, email, now); err != nil {
			return err
		}
		target = auditOrganization(org) + " to " + email
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityHandedOver,
			Detail: email, CreatedAt: now})
	})
	if err != nil {
		return err
	}
	s.audit(ctx, actor, cloud.AuditOrganizationHandedOver, owner.ID, target)
	return s.mailCorporateSetup(ctx, owner, welcomeMailText(org))
}

// SetAllowance is a site admin's change of an organisation's code
// allowance (a trial holds Starter's until raised). A later plan change
// from Stripe sets the plan's own again.
func (s *Service) SetAllowance(ctx context.Context, actor *cloud.User, orgID int64, maxQRCodes int) error {
	if err := requireAdmin(actor); err != nil {
		return err
	}
	if maxQRCodes < 1 || maxQRCodes > cloud.MaxAllowance {
		return cloud.NewError(cloud.EINVALID, cloud.MsgAllowanceInvalid)
	}
	var target string
	err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		org, err := adminOrganization(tx, orgID)
		if err != nil {
			return err
		}
		target = fmt.Sprintf("%s: %d to %d", auditOrganization(org), org.MaxQRCodes, maxQRCodes)
		org.MaxQRCodes, org.UpdatedAt = maxQRCodes, s.now()
		return tx.UpdateSubscription(org)
	})
	if err != nil {
		return err
	}
	s.audit(ctx, actor, cloud.AuditAllowanceChanged, 0, target)
	return nil
}
