package http

// The admin dashboard's routes (docs/design/admin-corporate.md §7). The service
// decides who may call them (admins only); these decode and encode.

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// adminPage is an admin list's page: the search, and page and pageSize
// when given (the service refuses a given value that is not positive).
func adminPage(search string, page, pageSize *int) service.Page {
	p := service.NewPage(search)
	if page != nil {
		p.Page = *page
	}
	if pageSize != nil {
		p.PageSize = *pageSize
	}
	return p
}

func (s *Server) ListAdminUsers(ctx context.Context, req apiserver.ListAdminUsersRequestObject) (apiserver.ListAdminUsersResponseObject, error) {
	page, err := s.service.AdminUsers(ctx, userFromContext(ctx), adminPage(req.Params.Search, req.Params.Page, req.Params.PageSize))
	if err != nil {
		return nil, err
	}
	return apiserver.ListAdminUsers200JSONResponse{Body: *page}, nil
}

// GetAdminStats is the dashboard's counts.
func (s *Server) GetAdminStats(ctx context.Context, _ apiserver.GetAdminStatsRequestObject) (apiserver.GetAdminStatsResponseObject, error) {
	stats, err := s.service.AdminStats(ctx, userFromContext(ctx))
	if err != nil {
		return nil, err
	}
	return apiserver.GetAdminStats200JSONResponse{Body: *stats}, nil
}

func (s *Server) ListAdminOrders(ctx context.Context, req apiserver.ListAdminOrdersRequestObject) (apiserver.ListAdminOrdersResponseObject, error) {
	page, err := s.service.AdminOrders(ctx, userFromContext(ctx), adminPage(req.Params.Search, req.Params.Page, req.Params.PageSize))
	if err != nil {
		return nil, err
	}
	return apiserver.ListAdminOrders200JSONResponse{Body: *page}, nil
}

func (s *Server) UpdateAdminOrder(ctx context.Context, req apiserver.UpdateAdminOrderRequestObject) (apiserver.UpdateAdminOrderResponseObject, error) {
	order, err := s.service.UpdateOrder(ctx, userFromContext(ctx), req.OrderID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.UpdateAdminOrder200JSONResponse{Body: api.AdminOrderUpdated{Message: cloud.MsgOrderUpdated, Order: *order}}, nil
}

func (s *Server) GetAdminOrderHistory(ctx context.Context, req apiserver.GetAdminOrderHistoryRequestObject) (apiserver.GetAdminOrderHistoryResponseObject, error) {
	history, err := s.service.OrderHistory(ctx, userFromContext(ctx), req.OrderID)
	if err != nil {
		return nil, err
	}
	return apiserver.GetAdminOrderHistory200JSONResponse{Body: api.AdminOrderHistory{History: history}}, nil
}

func (s *Server) GetAdminShippingAddress(ctx context.Context, req apiserver.GetAdminShippingAddressRequestObject) (apiserver.GetAdminShippingAddressResponseObject, error) {
	address, err := s.service.ShippingAddress(ctx, userFromContext(ctx), req.OrderID)
	if err != nil {
		return nil, err
	}
	return apiserver.GetAdminShippingAddress200JSONResponse{Body: api.AdminShippingAddressAnswer{ShippingAddress: address}}, nil
}

// PrintAdminOrderLabels is "Print Labels": the order's label PDF.
func (s *Server) PrintAdminOrderLabels(ctx context.Context, req apiserver.PrintAdminOrderLabelsRequestObject) (apiserver.PrintAdminOrderLabelsResponseObject, error) {
	pdf, err := s.service.OrderLabels(ctx, userFromContext(ctx), req.OrderID)
	if err != nil {
		return nil, err
	}
	return apiserver.PrintAdminOrderLabels200ApplicationPdfResponse{Body: bytes.NewReader(pdf), ContentLength: int64(len(pdf)),
		Headers: apiserver.PrintAdminOrderLabels200ResponseHeaders{
			ContentDisposition: attachment("lifetag-labels-" + safeFileName(req.OrderID) + ".pdf")}}, nil
}

// safeFileName keeps letters, digits and dashes (order ids are LT-...).
func safeFileName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
			return r
		}
		return -1
	}, s)
}

func (s *Server) GetAdminCustomerData(ctx context.Context, req apiserver.GetAdminCustomerDataRequestObject) (apiserver.GetAdminCustomerDataResponseObject, error) {
	data, err := s.service.CustomerData(ctx, userFromContext(ctx), req.UserID)
	if err != nil {
		return nil, err
	}
	return apiserver.GetAdminCustomerData200JSONResponse{Body: *data}, nil
}

func (s *Server) SetAdminPrintAccess(ctx context.Context, req apiserver.SetAdminPrintAccessRequestObject) (apiserver.SetAdminPrintAccessResponseObject, error) {
	if req.Body.HasPrintAccess == nil {
		return nil, &statusError{http.StatusBadRequest, cloud.MsgPrintAccessChoiceRequired}
	}
	grant := *req.Body.HasPrintAccess
	message, err := s.service.SetPrintAccess(ctx, userFromContext(ctx), strconv.FormatInt(req.Body.UserID, 10), grant)
	if err != nil {
		return nil, err
	}
	return apiserver.SetAdminPrintAccess200JSONResponse{Body: api.AdminPrintAccessResult{Message: message,
		UserID: req.Body.UserID, HasPrintAccess: grant}}, nil
}

func (s *Server) CreateAdminUser(ctx context.Context, req apiserver.CreateAdminUserRequestObject) (apiserver.CreateAdminUserResponseObject, error) {
	created, err := s.service.CreateUser(ctx, userFromContext(ctx), req.Body.Email, req.Body.HasPrintAccess)
	if err != nil {
		return nil, err
	}
	return apiserver.CreateAdminUser201JSONResponse{Body: *created}, nil
}

func (s *Server) DeleteAdminUser(ctx context.Context, req apiserver.DeleteAdminUserRequestObject) (apiserver.DeleteAdminUserResponseObject, error) {
	if err := s.service.DeleteUser(ctx, userFromContext(ctx), strconv.FormatInt(req.Body.UserID, 10)); err != nil {
		return nil, err
	}
	return apiserver.DeleteAdminUser200JSONResponse{Body: api.Message{Message: cloud.MsgUserDeleted}}, nil
}

// usersCSVHeader names the export's columns (docs/design/admin-corporate.md §3).
var usersCSVHeader = []string{"id", "email", "hasPrintAccess", "referralCode", "referralCount", "createdAt"}

// ExportAdminUsers stays hand-written: it streams the CSV a page at a time
// and aborts the connection on a failure midway.
func (a apiHandlers) ExportAdminUsers(w http.ResponseWriter, r *http.Request) {
	a.s.handleAdminExport(w, r)
}
func (*Server) ExportAdminUsers(context.Context, apiserver.ExportAdminUsersRequestObject) (apiserver.ExportAdminUsersResponseObject, error) {
	return nil, errServedByHand
}

// handleAdminExport streams every user as CSV (UTF-8, a header row), a page
// of the store at a time. Once rows are sent the status cannot change, so a
// failure midway aborts the connection: the download fails visibly rather
// than ending short.
func (s *Server) handleAdminExport(w http.ResponseWriter, r *http.Request) {
	actor := userFrom(r)
	if err := s.service.CheckAdmin(actor); err != nil {
		s.writeError(w, r, err)
		return
	}
	name := fmt.Sprintf(cloud.UsersExportFileName, time.Now().UTC().Format(time.DateOnly))
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, name))
	w.WriteHeader(http.StatusOK)
	out := csv.NewWriter(w)
	out.Write(usersCSVHeader)
	err := s.service.ExportUsers(r.Context(), actor, func(u api.AdminUser) error {
		code := ""
		if u.ReferralCode != nil {
			code = *u.ReferralCode
		}
		return out.Write([]string{strconv.FormatInt(u.ID, 10), cloud.CSVCell(u.Email), strconv.FormatBool(u.HasPrintAccess),
			cloud.CSVCell(code), strconv.Itoa(u.ReferralCount), u.CreatedAt.UTC().Format(time.RFC3339)})
	})
	if err == nil {
		out.Flush()
		err = out.Error()
	}
	if err != nil {
		if clientLeft(r, err) {
			s.logger.DebugContext(r.Context(), "users export abandoned: the client went away")
		} else {
			s.logger.Error("users export failed", slog.String("error", err.Error()))
		}
		panic(http.ErrAbortHandler)
	}
}

func (s *Server) ListAdminAuditLog(ctx context.Context, req apiserver.ListAdminAuditLogRequestObject) (apiserver.ListAdminAuditLogResponseObject, error) {
	page, err := s.service.AuditLog(ctx, userFromContext(ctx), adminPage("", req.Params.Page, req.Params.PageSize))
	if err != nil {
		return nil, err
	}
	return apiserver.ListAdminAuditLog200JSONResponse{Body: *page}, nil
}

func (s *Server) ListAdminOrganizations(ctx context.Context, _ apiserver.ListAdminOrganizationsRequestObject) (apiserver.ListAdminOrganizationsResponseObject, error) {
	orgs, err := s.service.Organizations(ctx, userFromContext(ctx))
	if err != nil {
		return nil, err
	}
	list := make([]api.AdminOrganization, 0, len(orgs))
	for _, o := range orgs {
		list = append(list, adminOrganization(o))
	}
	return apiserver.ListAdminOrganizations200JSONResponse{Body: list}, nil
}

// adminOrganization is an organisation as the admin's list shows it: the
// same fields as its members see (service.ViewOrganization).
func adminOrganization(o api.CorporateOrganization) api.AdminOrganization {
	return api.AdminOrganization{Address: o.Address, City: o.City, ContactEmail: o.ContactEmail,
		ContactFirstName: o.ContactFirstName, ContactLastName: o.ContactLastName, Country: o.Country,
		CreatedAt: o.CreatedAt, CurrentQrCodes: o.CurrentQrCodes, EmployeeCount: o.EmployeeCount,
		HasBillingAccount: o.HasBillingAccount, ID: o.ID, MaxQrCodes: o.MaxQrCodes, Name: o.Name,
		OrganizationType: o.OrganizationType, PaperSize: string(o.PaperSize), Paused: o.Paused, Phone: o.Phone,
		ReviewPeriodMonths: o.ReviewPeriodMonths, SubscriptionPlan: o.SubscriptionPlan,
		SubscriptionStatus: o.SubscriptionStatus, SubscriptionTier: o.SubscriptionTier, TrialEndsAt: o.TrialEndsAt}
}

func (s *Server) DeleteAdminOrganization(ctx context.Context, req apiserver.DeleteAdminOrganizationRequestObject) (apiserver.DeleteAdminOrganizationResponseObject, error) {
	if err := s.service.DeleteOrganization(ctx, userFromContext(ctx), req.OrgID); err != nil {
		return nil, err
	}
	return apiserver.DeleteAdminOrganization200JSONResponse{Body: api.Message{Message: cloud.MsgOrganizationDeleted}}, nil
}

func (s *Server) HandOverAdminOrganization(ctx context.Context, req apiserver.HandOverAdminOrganizationRequestObject) (apiserver.HandOverAdminOrganizationResponseObject, error) {
	if err := s.service.HandOverOrganization(ctx, userFromContext(ctx), req.OrgID, req.Body.Email); err != nil {
		return nil, err
	}
	return apiserver.HandOverAdminOrganization200JSONResponse{Body: api.Message{Message: cloud.MsgOrganizationHandedOver}}, nil
}

func (s *Server) SetAdminOrganizationAllowance(ctx context.Context, req apiserver.SetAdminOrganizationAllowanceRequestObject) (apiserver.SetAdminOrganizationAllowanceResponseObject, error) {
	if err := s.service.SetAllowance(ctx, userFromContext(ctx), req.OrgID, req.Body.MaxQrCodes); err != nil {
		return nil, err
	}
	return apiserver.SetAdminOrganizationAllowance200JSONResponse{Body: api.Message{Message: cloud.MsgAllowanceChanged}}, nil
}

func (s *Server) ListAdminJobs(ctx context.Context, _ apiserver.ListAdminJobsRequestObject) (apiserver.ListAdminJobsResponseObject, error) {
	jobs, err := s.service.Jobs(ctx, userFromContext(ctx))
	if err != nil {
		return nil, err
	}
	return apiserver.ListAdminJobs200JSONResponse{Body: api.AdminJobList{Jobs: jobs}}, nil
}

func (s *Server) RetryAdminJob(ctx context.Context, req apiserver.RetryAdminJobRequestObject) (apiserver.RetryAdminJobResponseObject, error) {
	job, err := s.service.RetryJob(ctx, userFromContext(ctx), req.JobID)
	if err != nil {
		return nil, err
	}
	return apiserver.RetryAdminJob200JSONResponse{Body: *job}, nil
}

func (s *Server) DiscardAdminJob(ctx context.Context, req apiserver.DiscardAdminJobRequestObject) (apiserver.DiscardAdminJobResponseObject, error) {
	job, err := s.service.DiscardJob(ctx, userFromContext(ctx), req.JobID)
	if err != nil {
		return nil, err
	}
	return apiserver.DiscardAdminJob200JSONResponse{Body: *job}, nil
}
