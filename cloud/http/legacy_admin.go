package http

// Operations of admin.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) CreateAdminUser(w http.ResponseWriter, r *http.Request) {
	a.s.handleAdminCreateUser(w, r)
}
func (*Server) CreateAdminUser(context.Context, apiserver.CreateAdminUserRequestObject) (apiserver.CreateAdminUserResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) DeleteAdminOrganization(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleAdminDeleteOrganization(w, r)
}
func (*Server) DeleteAdminOrganization(context.Context, apiserver.DeleteAdminOrganizationRequestObject) (apiserver.DeleteAdminOrganizationResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) DeleteAdminUser(w http.ResponseWriter, r *http.Request) {
	a.s.handleAdminDeleteUser(w, r)
}
func (*Server) DeleteAdminUser(context.Context, apiserver.DeleteAdminUserRequestObject) (apiserver.DeleteAdminUserResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) DiscardAdminJob(w http.ResponseWriter, r *http.Request, _ api.JobID) {
	a.s.handleAdminDiscardJob(w, r)
}
func (*Server) DiscardAdminJob(context.Context, apiserver.DiscardAdminJobRequestObject) (apiserver.DiscardAdminJobResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ExportAdminUsers(w http.ResponseWriter, r *http.Request) {
	a.s.handleAdminExport(w, r)
}
func (*Server) ExportAdminUsers(context.Context, apiserver.ExportAdminUsersRequestObject) (apiserver.ExportAdminUsersResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetAdminCustomerData(w http.ResponseWriter, r *http.Request, _ api.AdminUserID) {
	a.s.handleAdminCustomerData(w, r)
}
func (*Server) GetAdminCustomerData(context.Context, apiserver.GetAdminCustomerDataRequestObject) (apiserver.GetAdminCustomerDataResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetAdminOrderHistory(w http.ResponseWriter, r *http.Request, _ api.AdminOrderID) {
	a.s.handleAdminOrderHistory(w, r)
}
func (*Server) GetAdminOrderHistory(context.Context, apiserver.GetAdminOrderHistoryRequestObject) (apiserver.GetAdminOrderHistoryResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetAdminShippingAddress(w http.ResponseWriter, r *http.Request, _ api.AdminOrderID) {
	a.s.handleAdminShippingAddress(w, r)
}
func (*Server) GetAdminShippingAddress(context.Context, apiserver.GetAdminShippingAddressRequestObject) (apiserver.GetAdminShippingAddressResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetAdminStats(w http.ResponseWriter, r *http.Request) {
	a.s.handleAdminStats(w, r)
}
func (*Server) GetAdminStats(context.Context, apiserver.GetAdminStatsRequestObject) (apiserver.GetAdminStatsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) HandOverAdminOrganization(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleAdminHandOver(w, r)
}
func (*Server) HandOverAdminOrganization(context.Context, apiserver.HandOverAdminOrganizationRequestObject) (apiserver.HandOverAdminOrganizationResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListAdminAuditLog(w http.ResponseWriter, r *http.Request, _ api.ListAdminAuditLogParams) {
	a.s.handleAdminAuditLog(w, r)
}
func (*Server) ListAdminAuditLog(context.Context, apiserver.ListAdminAuditLogRequestObject) (apiserver.ListAdminAuditLogResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListAdminJobs(w http.ResponseWriter, r *http.Request) { a.s.handleAdminJobs(w, r) }
func (*Server) ListAdminJobs(context.Context, apiserver.ListAdminJobsRequestObject) (apiserver.ListAdminJobsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListAdminOrders(w http.ResponseWriter, r *http.Request, _ api.ListAdminOrdersParams) {
	a.s.handleAdminOrders(w, r)
}
func (*Server) ListAdminOrders(context.Context, apiserver.ListAdminOrdersRequestObject) (apiserver.ListAdminOrdersResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListAdminOrganizations(w http.ResponseWriter, r *http.Request) {
	a.s.handleCorporateOrganizations(w, r)
}
func (*Server) ListAdminOrganizations(context.Context, apiserver.ListAdminOrganizationsRequestObject) (apiserver.ListAdminOrganizationsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListAdminUsers(w http.ResponseWriter, r *http.Request, _ api.ListAdminUsersParams) {
	a.s.handleAdminUsers(w, r)
}
func (*Server) ListAdminUsers(context.Context, apiserver.ListAdminUsersRequestObject) (apiserver.ListAdminUsersResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) PrintAdminOrderLabels(w http.ResponseWriter, r *http.Request, _ api.AdminOrderID) {
	a.s.handleAdminOrderLabels(w, r)
}
func (*Server) PrintAdminOrderLabels(context.Context, apiserver.PrintAdminOrderLabelsRequestObject) (apiserver.PrintAdminOrderLabelsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RetryAdminJob(w http.ResponseWriter, r *http.Request, _ api.JobID) {
	a.s.handleAdminRetryJob(w, r)
}
func (*Server) RetryAdminJob(context.Context, apiserver.RetryAdminJobRequestObject) (apiserver.RetryAdminJobResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SetAdminOrganizationAllowance(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleAdminAllowance(w, r)
}
func (*Server) SetAdminOrganizationAllowance(context.Context, apiserver.SetAdminOrganizationAllowanceRequestObject) (apiserver.SetAdminOrganizationAllowanceResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SetAdminPrintAccess(w http.ResponseWriter, r *http.Request) {
	a.s.handleAdminPrintAccess(w, r)
}
func (*Server) SetAdminPrintAccess(context.Context, apiserver.SetAdminPrintAccessRequestObject) (apiserver.SetAdminPrintAccessResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) UpdateAdminOrder(w http.ResponseWriter, r *http.Request, _ api.AdminOrderID) {
	a.s.handleAdminUpdateOrder(w, r)
}
func (*Server) UpdateAdminOrder(context.Context, apiserver.UpdateAdminOrderRequestObject) (apiserver.UpdateAdminOrderResponseObject, error) {
	return nil, errNotStrictYet
}
