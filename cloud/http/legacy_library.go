package http

// Operations of library.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) AttachExternalIDs(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleAttachExternalIDs(w, r)
}
func (*Server) AttachExternalIDs(context.Context, apiserver.AttachExternalIDsRequestObject) (apiserver.AttachExternalIDsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ConfirmQRCode(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.CodeID) {
	a.s.handleConfirmCode(w, r)
}
func (*Server) ConfirmQRCode(context.Context, apiserver.ConfirmQRCodeRequestObject) (apiserver.ConfirmQRCodeResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) CreateProject(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleCreateProject(w, r)
}
func (*Server) CreateProject(context.Context, apiserver.CreateProjectRequestObject) (apiserver.CreateProjectResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) CreateQRCode(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.CreateQRCodeParams) {
	a.s.handleCreateCode(w, r)
}
func (*Server) CreateQRCode(context.Context, apiserver.CreateQRCodeRequestObject) (apiserver.CreateQRCodeResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) DeleteProject(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.ProjectID) {
	a.s.handleDeleteProject(w, r)
}
func (*Server) DeleteProject(context.Context, apiserver.DeleteProjectRequestObject) (apiserver.DeleteProjectResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) DeleteQRCode(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.CodeID) {
	a.s.handleDeleteCode(w, r)
}
func (*Server) DeleteQRCode(context.Context, apiserver.DeleteQRCodeRequestObject) (apiserver.DeleteQRCodeResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) DuplicateQRCode(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.CodeID, _ api.DuplicateQRCodeParams) {
	a.s.handleDuplicateCode(w, r)
}
func (*Server) DuplicateQRCode(context.Context, apiserver.DuplicateQRCodeRequestObject) (apiserver.DuplicateQRCodeResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetQRCode(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.CodeID) {
	a.s.handleCode(w, r)
}
func (*Server) GetQRCode(context.Context, apiserver.GetQRCodeRequestObject) (apiserver.GetQRCodeResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetQRCodeImportTemplate(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.GetQRCodeImportTemplateParams) {
	a.s.handleImportTemplate(w, r)
}
func (*Server) GetQRCodeImportTemplate(context.Context, apiserver.GetQRCodeImportTemplateRequestObject) (apiserver.GetQRCodeImportTemplateResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetQRCodeLabelPDF(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.CodeID, _ api.GetQRCodeLabelPDFParams) {
	a.s.handleCodeLabelPDF(w, r)
}
func (*Server) GetQRCodeLabelPDF(context.Context, apiserver.GetQRCodeLabelPDFRequestObject) (apiserver.GetQRCodeLabelPDFResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetQRCodeLabelPNG(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.CodeID) {
	a.s.handleCodeLabelPNG(w, r)
}
func (*Server) GetQRCodeLabelPNG(context.Context, apiserver.GetQRCodeLabelPNGRequestObject) (apiserver.GetQRCodeLabelPNGResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ImportQRCodes(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleImportCodes(w, r)
}
func (*Server) ImportQRCodes(context.Context, apiserver.ImportQRCodesRequestObject) (apiserver.ImportQRCodesResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListProjects(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleProjects(w, r)
}
func (*Server) ListProjects(context.Context, apiserver.ListProjectsRequestObject) (apiserver.ListProjectsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListQRCodes(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.ListQRCodesParams) {
	a.s.handleLibrary(w, r)
}
func (*Server) ListQRCodes(context.Context, apiserver.ListQRCodesRequestObject) (apiserver.ListQRCodesResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) UpdateProject(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.ProjectID) {
	a.s.handleUpdateProject(w, r)
}
func (*Server) UpdateProject(context.Context, apiserver.UpdateProjectRequestObject) (apiserver.UpdateProjectResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) UpdateQRCode(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.CodeID) {
	a.s.handleUpdateCode(w, r)
}
func (*Server) UpdateQRCode(context.Context, apiserver.UpdateQRCodeRequestObject) (apiserver.UpdateQRCodeResponseObject, error) {
	return nil, errNotStrictYet
}
