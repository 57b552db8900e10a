package http

// The admin dashboard's routes (docs/design/admin-corporate.md §7). The service
// decides who may call them (admins only); these decode and encode.

import (
	"encoding/csv"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// pageFrom reads ?search=&page=&pageSize= (absent numbers take NewPage's;
// the service checks the values).
func pageFrom(r *http.Request) (service.Page, error) {
	q := r.URL.Query()
	p := service.NewPage(q.Get("search"))
	for name, dst := range map[string]*int{"page": &p.Page, "pageSize": &p.PageSize} {
		if v := q.Get(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return p, cloud.NewError(cloud.EINVALID, cloud.MsgPageInvalid)
			}
			*dst = n
		}
	}
	return p, nil
}

func (s *Server) handleAdminUsers(w http.ResponseWriter, r *http.Request) {
	p, err := pageFrom(r)
	if err == nil {
		var page *api.AdminUsersPage
		if page, err = s.service.AdminUsers(r.Context(), userFrom(r), p); err == nil {
			writeJSON(w, http.StatusOK, page)
			return
		}
	}
	s.writeError(w, r, err)
}

func (s *Server) handleAdminStats(w http.ResponseWriter, r *http.Request) {
	stats, err := s.service.AdminStats(r.Context(), userFrom(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, stats)
}

func (s *Server) handleAdminOrders(w http.ResponseWriter, r *http.Request) {
	p, err := pageFrom(r)
	if err == nil {
		var page *api.AdminOrdersPage
		if page, err = s.service.AdminOrders(r.Context(), userFrom(r), p); err == nil {
			writeJSON(w, http.StatusOK, page)
			return
		}
	}
	s.writeError(w, r, err)
}

func (s *Server) handleAdminUpdateOrder(w http.ResponseWriter, r *http.Request) {
	var req api.AdminOrderUpdate
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	order, err := s.service.UpdateOrder(r.Context(), userFrom(r), chi.URLParam(r, "orderId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.AdminOrderUpdated{Message: cloud.MsgOrderUpdated, Order: *order})
}

func (s *Server) handleAdminOrderHistory(w http.ResponseWriter, r *http.Request) {
	history, err := s.service.OrderHistory(r.Context(), userFrom(r), chi.URLParam(r, "orderId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.AdminOrderHistory{History: history})
}

func (s *Server) handleAdminShippingAddress(w http.ResponseWriter, r *http.Request) {
	address, err := s.service.ShippingAddress(r.Context(), userFrom(r), chi.URLParam(r, "orderId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.AdminShippingAddressAnswer{ShippingAddress: address})
}

// handleAdminOrderLabels is "Print Labels": the order's label PDF.
func (s *Server) handleAdminOrderLabels(w http.ResponseWriter, r *http.Request) {
	orderID := chi.URLParam(r, "orderId")
	pdf, err := s.service.OrderLabels(r.Context(), userFrom(r), orderID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="lifetag-labels-%s.pdf"`, safeFileName(orderID)))
	w.WriteHeader(http.StatusOK)
	w.Write(pdf)
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

func (s *Server) handleAdminCustomerData(w http.ResponseWriter, r *http.Request) {
	data, err := s.service.CustomerData(r.Context(), userFrom(r), chi.URLParam(r, "userId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, data)
}

func (s *Server) handleAdminPrintAccess(w http.ResponseWriter, r *http.Request) {
	var req api.AdminPrintAccessRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if req.HasPrintAccess == nil {
		writeMessage(w, http.StatusBadRequest, cloud.MsgPrintAccessChoiceRequired)
		return
	}
	grant := *req.HasPrintAccess
	message, err := s.service.SetPrintAccess(r.Context(), userFrom(r), strconv.FormatInt(req.UserID, 10), grant)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.AdminPrintAccessResult{Message: message, UserID: req.UserID, HasPrintAccess: grant})
}

func (s *Server) handleAdminCreateUser(w http.ResponseWriter, r *http.Request) {
	var req api.AdminCreateUserRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	created, err := s.service.CreateUser(r.Context(), userFrom(r), req.Email, req.HasPrintAccess)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, created)
}

func (s *Server) handleAdminDeleteUser(w http.ResponseWriter, r *http.Request) {
	var req api.AdminDeleteUserRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.DeleteUser(r.Context(), userFrom(r), strconv.FormatInt(req.UserID, 10)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgUserDeleted)
}

// usersCSVHeader names the export's columns (docs/design/admin-corporate.md §3).
var usersCSVHeader = []string{"id", "email", "hasPrintAccess", "referralCode", "referralCount", "createdAt"}

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

func (s *Server) handleAdminAuditLog(w http.ResponseWriter, r *http.Request) {
	p, err := pageFrom(r)
	if err == nil {
		var page *api.AdminAuditLogPage
		if page, err = s.service.AuditLog(r.Context(), userFrom(r), p); err == nil {
			writeJSON(w, http.StatusOK, page)
			return
		}
	}
	s.writeError(w, r, err)
}

func (s *Server) handleCorporateOrganizations(w http.ResponseWriter, r *http.Request) {
	orgs, err := s.service.Organizations(r.Context(), userFrom(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, orgs)
}

func (s *Server) handleAdminDeleteOrganization(w http.ResponseWriter, r *http.Request) {
	if err := s.service.DeleteOrganization(r.Context(), userFrom(r), pathID(r, "orgId")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgOrganizationDeleted)
}

func (s *Server) handleAdminHandOver(w http.ResponseWriter, r *http.Request) {
	var req api.AdminHandOverRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.HandOverOrganization(r.Context(), userFrom(r), pathID(r, "orgId"), req.Email); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgOrganizationHandedOver)
}

func (s *Server) handleAdminAllowance(w http.ResponseWriter, r *http.Request) {
	var req api.AdminAllowanceRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.SetAllowance(r.Context(), userFrom(r), pathID(r, "orgId"), req.MaxQrCodes); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgAllowanceChanged)
}

func (s *Server) handleAdminJobs(w http.ResponseWriter, r *http.Request) {
	jobs, err := s.service.Jobs(r.Context(), userFrom(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.AdminJobList{Jobs: jobs})
}

func (s *Server) handleAdminRetryJob(w http.ResponseWriter, r *http.Request) {
	s.answerJob(w, r)(s.service.RetryJob(r.Context(), userFrom(r), pathID(r, "jobId")))
}

func (s *Server) handleAdminDiscardJob(w http.ResponseWriter, r *http.Request) {
	s.answerJob(w, r)(s.service.DiscardJob(r.Context(), userFrom(r), pathID(r, "jobId")))
}

// answerJob writes a changed job, or the error.
func (s *Server) answerJob(w http.ResponseWriter, r *http.Request) func(*api.AdminJob, error) {
	return func(job *api.AdminJob, err error) {
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, job)
	}
}
