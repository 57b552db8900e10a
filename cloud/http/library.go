package http

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// Projects and the QR code library (docs/design/admin-corporate.md §2, §7). The
// service scopes every route to the caller's own organisation.

// importBodyBytes caps the import's JSON body: the CSV's own limit, with
// room for JSON's escaping of quotes and line breaks (the service answers
// a file over its limit with the import's message).
const importBodyBytes = 3*cloud.ImportMaxBytes + 4096

func (s *Server) ListProjects(ctx context.Context, req apiserver.ListProjectsRequestObject) (apiserver.ListProjectsResponseObject, error) {
	projects, err := s.service.ListProjects(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	return apiserver.ListProjects200JSONResponse{Body: api.ProjectList{Projects: projects}}, nil
}

func (s *Server) CreateProject(ctx context.Context, req apiserver.CreateProjectRequestObject) (apiserver.CreateProjectResponseObject, error) {
	p, err := s.service.CreateProject(ctx, userFromContext(ctx), req.OrgID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.CreateProject201JSONResponse{Body: api.ProjectSaved{Success: true, Project: *p}}, nil
}

func (s *Server) UpdateProject(ctx context.Context, req apiserver.UpdateProjectRequestObject) (apiserver.UpdateProjectResponseObject, error) {
	p, err := s.service.UpdateProject(ctx, userFromContext(ctx), req.OrgID, req.ProjectID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.UpdateProject200JSONResponse{Body: api.ProjectSaved{Success: true, Project: *p}}, nil
}

func (s *Server) DeleteProject(ctx context.Context, req apiserver.DeleteProjectRequestObject) (apiserver.DeleteProjectResponseObject, error) {
	if err := s.service.DeleteProject(ctx, userFromContext(ctx), req.OrgID, req.ProjectID); err != nil {
		return nil, err
	}
	return apiserver.DeleteProject200JSONResponse{Body: api.LibrarySuccess{Success: true}}, nil
}

// ListQRCodes lists the codes: ?search=&project=&status=&review= pick them,
// ?page=&pageSize= page them (without either, every code picked comes; a
// given 0 is refused), and ?records=1 adds each record and QR text (the
// desktop station's offline cache).
func (s *Server) ListQRCodes(ctx context.Context, req apiserver.ListQRCodesRequestObject) (apiserver.ListQRCodesResponseObject, error) {
	page := service.NewPage(req.Params.Search)
	if req.Params.Page != nil {
		page.Page = *req.Params.Page
	}
	if req.Params.PageSize != nil {
		page.PageSize = *req.Params.PageSize
	}
	lib, err := s.service.ListLibrary(ctx, userFromContext(ctx), req.OrgID, service.LibraryQuery{
		Page: page, Paged: req.Params.Page != nil || req.Params.PageSize != nil,
		Project: req.Params.Project, Status: string(req.Params.Status), WithRecords: req.Params.Records == "1",
		ExternalID: req.Params.ExternalID, Review: string(req.Params.Review)})
	if err != nil {
		return nil, err
	}
	return apiserver.ListQRCodes200JSONResponse{Body: *lib}, nil
}

func (s *Server) GetQRCode(ctx context.Context, req apiserver.GetQRCodeRequestObject) (apiserver.GetQRCodeResponseObject, error) {
	code, err := s.service.Code(ctx, userFromContext(ctx), req.OrgID, req.CodeID)
	if err != nil {
		return nil, err
	}
	return apiserver.GetQRCode200JSONResponse{Body: api.LibraryCodeAnswer{Success: true, QrCode: *code}}, nil
}

// codeAnswer is a write's answer: the code, its record and QR text.
func (s *Server) codeAnswer(c *cloud.CorporateCode, err error) (api.LibraryCodeAnswer, error) {
	if err != nil {
		return api.LibraryCodeAnswer{}, err
	}
	view, err := s.service.CodeViewWithRecord(c)
	if err != nil {
		return api.LibraryCodeAnswer{}, err
	}
	return api.LibraryCodeAnswer{Success: true, QrCode: *view}, nil
}

func (s *Server) CreateQRCode(ctx context.Context, req apiserver.CreateQRCodeRequestObject) (apiserver.CreateQRCodeResponseObject, error) {
	// CreateCode takes a nil actor for a collection link's worker: here,
	// signed in is required, or an anonymous request would be one.
	actor := userFromContext(ctx)
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	body := req.Body
	in := service.CodeInput{Name: body.Name, ProjectID: body.ProjectID, LabelType: body.LabelType,
		Values: body.Values, Source: cloud.CodeSourceManual, ExternalID: body.ExternalID}
	if body.TemplateID == nil {
		in.DefaultTemplate = true
	} else {
		in.TemplateID = *body.TemplateID
	}
	answer, err := s.codeAnswer(s.service.CreateCode(ctx, actor, req.OrgID, in))
	if err != nil {
		return nil, err
	}
	return apiserver.CreateQRCode201JSONResponse{Body: answer}, nil
}

func (s *Server) UpdateQRCode(ctx context.Context, req apiserver.UpdateQRCodeRequestObject) (apiserver.UpdateQRCodeResponseObject, error) {
	answer, err := s.codeAnswer(s.service.UpdateCode(ctx, userFromContext(ctx), req.OrgID, req.CodeID, *req.Body))
	if err != nil {
		return nil, err
	}
	return apiserver.UpdateQRCode200JSONResponse{Body: answer}, nil
}

func (s *Server) DuplicateQRCode(ctx context.Context, req apiserver.DuplicateQRCodeRequestObject) (apiserver.DuplicateQRCodeResponseObject, error) {
	answer, err := s.codeAnswer(s.service.DuplicateCode(ctx, userFromContext(ctx), req.OrgID, req.CodeID))
	if err != nil {
		return nil, err
	}
	return apiserver.DuplicateQRCode201JSONResponse{Body: answer}, nil
}

func (s *Server) ConfirmQRCode(ctx context.Context, req apiserver.ConfirmQRCodeRequestObject) (apiserver.ConfirmQRCodeResponseObject, error) {
	answer, err := s.codeAnswer(s.service.ConfirmCode(ctx, userFromContext(ctx), req.OrgID, req.CodeID))
	if err != nil {
		return nil, err
	}
	return apiserver.ConfirmQRCode200JSONResponse{Body: answer}, nil
}

func (s *Server) DeleteQRCode(ctx context.Context, req apiserver.DeleteQRCodeRequestObject) (apiserver.DeleteQRCodeResponseObject, error) {
	if err := s.service.DeleteCode(ctx, userFromContext(ctx), req.OrgID, req.CodeID); err != nil {
		return nil, err
	}
	return apiserver.DeleteQRCode200JSONResponse{Body: api.LibrarySuccess{Success: true}}, nil
}

func (s *Server) GetQRCodeLabelPDF(ctx context.Context, req apiserver.GetQRCodeLabelPDFRequestObject) (apiserver.GetQRCodeLabelPDFResponseObject, error) {
	pdf, c, err := s.service.CodeLabelPDF(ctx, userFromContext(ctx), req.OrgID, req.CodeID,
		service.CodeLabelRequest{Preset: string(req.Params.Preset), Paper: string(req.Params.Paper)})
	if err != nil {
		return nil, err
	}
	return apiserver.GetQRCodeLabelPDF200ApplicationPdfResponse{Body: bytes.NewReader(pdf), ContentLength: int64(len(pdf)),
		Headers: apiserver.GetQRCodeLabelPDF200ResponseHeaders{
			ContentDisposition: namedAttachment(codeFileName(c, "pdf"), codeFallbackName(c, "pdf"))}}, nil
}

func (s *Server) GetQRCodeLabelPNG(ctx context.Context, req apiserver.GetQRCodeLabelPNGRequestObject) (apiserver.GetQRCodeLabelPNGResponseObject, error) {
	png, c, err := s.service.CodeLabelPNG(ctx, userFromContext(ctx), req.OrgID, req.CodeID)
	if err != nil {
		return nil, err
	}
	return apiserver.GetQRCodeLabelPNG200ImagePngResponse{Body: bytes.NewReader(png), ContentLength: int64(len(png)),
		Headers: apiserver.GetQRCodeLabelPNG200ResponseHeaders{
			ContentDisposition: namedAttachment(codeFileName(c, "png"), codeFallbackName(c, "png"))}}, nil
}

// attachment is the Content-Disposition of a file to save under a name of
// ours (ids and fixed words, plain ASCII), for a typed download answer's
// Headers.
func attachment(filename string) string { return `attachment; filename="` + filename + `"` }

// namedAttachment is the Content-Disposition of a file to save under a
// name that may hold any script (RFC 6266): filename* carries it in UTF-8,
// percent encoded (RFC 5987), for every current browser; filename carries
// the ASCII fallback for clients that read only that.
func namedAttachment(filename, fallback string) string {
	return `attachment; filename="` + fallback + `"; filename*=UTF-8''` + percentEncode(filename)
}

// percentEncode writes s as RFC 5987's value-chars: letters, digits and
// "-._~" as they are, every other byte as %XX.
func percentEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// codeNameBytes bounds the worker's name in a download name, percent
// encoded: with the ASCII fallback beside it, the header stays within the
// 255 characters the API promises (about 16 Chinese characters, 25 Arabic
// or Polish letters, 150 plain Latin ones), well inside every file
// system's 255 bytes.
const codeNameBytes = 150

// codeFileName is a code's download name: "lifetag-" and the code's name
// in its own script (a Chinese worker's "lifetag-王秀英.pdf"), lower case,
// with each run of anything but letters, their marks and digits as one
// dash, so nothing in it means something to a file system; a name with no
// letters or digits falls back to codeFallbackName. A long name is cut
// before a letter, never between a letter and its marks.
func codeFileName(c *cloud.CorporateCode, ext string) string {
	var b strings.Builder
	dash, size := false, 0
	for _, r := range strings.ToLower(c.Name) {
		if !unicode.In(r, unicode.L, unicode.M, unicode.N) {
			dash = b.Len() > 0
			continue
		}
		n := len(percentEncode(string(r)))
		if dash {
			n++
		}
		if size+n > codeNameBytes && !unicode.Is(unicode.M, r) {
			break
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteRune(r)
		size += n
	}
	if b.Len() == 0 {
		return codeFallbackName(c, ext)
	}
	return "lifetag-" + b.String() + "." + ext
}

// codeFallbackName is a code's download name in ASCII, by its id.
func codeFallbackName(c *cloud.CorporateCode, ext string) string {
	return "lifetag-qr-code-" + strconv.FormatInt(c.ID, 10) + "." + ext
}

// GetQRCodeImportTemplate answers the import's CSV template. No
// templateId is the organisation's default template, 0 the Standard
// Emergency Form; one that is not a number (refused by the binding,
// parameterErrors) or is negative is no template.
func (s *Server) GetQRCodeImportTemplate(ctx context.Context, req apiserver.GetQRCodeImportTemplateRequestObject) (apiserver.GetQRCodeImportTemplateResponseObject, error) {
	templateID := req.Params.TemplateID
	if templateID != nil && *templateID < 0 {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgTemplateNotFound)
	}
	file, err := s.service.ImportTemplateCSV(ctx, userFromContext(ctx), req.OrgID, templateID)
	if err != nil {
		return nil, err
	}
	return apiserver.GetQRCodeImportTemplate200TextCsvResponse{Body: bytes.NewReader(file), ContentLength: int64(len(file)),
		Headers: apiserver.GetQRCodeImportTemplate200ResponseHeaders{ContentDisposition: attachment("lifetag-import-template.csv")}}, nil
}

func (s *Server) ImportQRCodes(ctx context.Context, req apiserver.ImportQRCodesRequestObject) (apiserver.ImportQRCodesResponseObject, error) {
	result, err := s.service.ImportCodes(ctx, userFromContext(ctx), req.OrgID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.ImportQRCodes200JSONResponse{Body: *result}, nil
}

func (s *Server) AttachExternalIDs(ctx context.Context, req apiserver.AttachExternalIDsRequestObject) (apiserver.AttachExternalIDsResponseObject, error) {
	result, err := s.service.AttachExternalIDs(ctx, userFromContext(ctx), req.OrgID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.AttachExternalIDs200JSONResponse{Body: *result}, nil
}
