package cloud

import (
	"time"

	"github.com/lifetag/lifetag/pkg/sheet"
)

// Admin and fulfilment (docs/design/admin-corporate.md §2-§8; docs/design/decisions.md §8 "Admin and
// fulfilment").

// Order statuses (docs/design/admin-corporate.md §4). An admin may set any of them;
// every change is kept in the order's history.
const (
	OrderProcessing = "processing"
	OrderShipped    = "shipped"
	OrderDelivered  = "delivered"
)

// OrderStatuses lists every status, in fulfilment order.
var OrderStatuses = []string{OrderPending, OrderProcessing, OrderShipped, OrderDelivered}

// MsgOrderStatusInvalid names every status of OrderStatuses.
var MsgOrderStatusInvalid = "Status must be " + oneOf(OrderStatuses...)

// AdminUser is a user as the admin lists it (docs/design/admin-corporate.md §3).
type AdminUser struct {
	User
	ReferralCount int
}

// AdminOrder is a physical order with its customer's address.
type AdminOrder struct {
	Order
	UserEmail string // empty once the customer is gone ("Unknown")
}

// AdminStats are the four cards of the admin dashboard, counted over every
// user, not one page.
type AdminStats struct {
	TotalUsers      int64
	PaidUsers       int64 // users with print access
	ActiveReferrers int64 // users with at least one referral
	TotalReferrals  int64
}

// PageQuery is one page of an admin list, optionally filtered by search.
// SearchCountLimit caps how many users a search counts: an address search
// matches anywhere ("example.com" matches nearly everyone), and counting
// 100,000 matches costs more than finding the page. A search total above
// it is reported as "more than SearchCountLimit".
const SearchCountLimit = 10000

type PageQuery struct {
	Search string
	Limit  int
	Offset int
}

// OrderStatusChange is one entry of an order's history.
type OrderStatusChange struct {
	ID             int64
	OrderID        int64 // physical_orders.id
	Status         string
	TrackingNumber string
	ChangedBy      int64 // the admin's user id; 0 for the payment
	ChangedAt      time.Time
}

// Audit actions: what an admin did. The target is an account (its id and
// address) or an order id; never anything medical.
const (
	AuditCustomerDataViewed = "customer_data.viewed"
	AuditShippingViewed     = "order.address_viewed"
	AuditPrintAccessGranted = "print_access.granted"
	AuditPrintAccessRevoked = "print_access.revoked"
	AuditOrderStatusChanged = "order.status_changed"
	AuditOrderLabelsPrinted = "order.labels_printed"
	AuditUserCreated        = "user.created"
	AuditUserDeleted        = "user.deleted"
	AuditUsersExported      = "users.exported"
	// The organisation's target is "#id name" (and the new owner's address).
	AuditOrganizationDeleted    = "organization.deleted"
	AuditOrganizationHandedOver = "organization.handed_over"
	AuditAllowanceChanged       = "organization.allowance_changed"
	// A background job's target is "kind #id".
	AuditJobRetried   = "job.retried"
	AuditJobDiscarded = "job.discarded"
)

// AuditEntry is one line of the admin audit log.
type AuditEntry struct {
	ID           int64
	ActorEmail   string
	Action       string
	TargetUserID int64  // 0 when the target is not an account
	Target       string // the account's address, an order id, or a count
	CreatedAt    time.Time
}

// AuditDeletedTarget replaces a deleted account's address in the log.
const AuditDeletedTarget = "(deleted account)"

// Admin constants.
const (
	// AuditRetention is how long the audit log is kept.
	AuditRetention       = 2 * 365 * 24 * time.Hour
	AdminPageSizeDefault = 50
	AdminPageSizeMax     = 200
	AdminSearchMaxBytes  = 254
	// AdminPageMax is the last page a paged list may ask for, so that an
	// offset stays far from overflowing.
	AdminPageMax           = 1_000_000
	TrackingNumberMaxBytes = 100
	// UsersExportFileName is the CSV download's name, with the date
	// (docs/design/admin-corporate.md §7: {product}-users-{date}.csv).
	UsersExportFileName = "lifetag-users-%s.csv"
	// ExportPageSize is how many users the CSV export reads at a time, so
	// its memory stays flat however many users there are.
	ExportPageSize = 1000
	// AdminOrderPaperSize and AdminOrderPrintQuality are how fulfilment
	// prints an order (sheet.OrderPaper, sheet.OrderDPI, which the desktop
	// station prints too), in the website's option names: "high" is
	// service.printDPI's 600.
	AdminOrderPaperSize    = string(sheet.OrderPaper)
	AdminOrderPrintQuality = "high"
)

// Admin messages (docs/design/admin-corporate.md §8 where it gives one).
const (
	MsgAdminRequired      = "Admin Access Required"
	MsgOrderNotFound      = "Order not found"
	MsgTrackingRequired   = "A tracking number is required to mark an order as shipped"
	MsgTrackingInvalid    = "The tracking number must be at most 100 characters of printable text"
	MsgOrderUpdated       = "Order status updated successfully"
	MsgPrintAccessGranted = "Print access granted successfully."
	MsgPrintAccessRevoked = "Print access revoked successfully."
	MsgUserIDRequired     = "A user id is required"
	// An absent hasPrintAccess is refused, never read as a revoke.
	MsgPrintAccessChoiceRequired = "Say whether the user should have print access: hasPrintAccess true or false"
	MsgAdminEmailRequired        = "Email is required."
	MsgUserAlreadyExists         = "An account already exists for this email address"
	MsgUserDeleted               = "User account has been permanently deleted."
	MsgAdminNotDeletable         = "An admin account cannot be deleted here: remove it from ADMIN_EMAILS first"
	MsgPageInvalid               = "page and pageSize must be positive whole numbers"
	MsgSearchTooLong             = "The search is too long"
	MsgShippedMailSubject        = "Your Lifetag labels are on their way"
)

// ShippedMailText is the shipping mail's body: the order id, the tracking
// number and the delivery time, nothing medical.
const ShippedMailText = `Good news: your printed Lifetag labels have been posted.

Order: %s
Tracking number: %s

UK delivery in 3-5 business days.

You can see your order at any time on your dashboard: %s/dashboard
`
