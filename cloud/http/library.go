package http

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// Projects and the QR code library (docs/design/admin-corporate.md §2, §7). The
// service scopes every route to the caller's own organisation.

// importBodyBytes caps the import's JSON body: the CSV's own limit, with
// room for JSON's escaping of quotes and line breaks (the service answers
// a file over its limit with the import's message).
const importBodyBytes = 3*cloud.ImportMaxBytes + 4096

func (s *Server) handleProjects(w http.ResponseWriter, r *http.Request) {
	projects, err := s.service.ListProjects(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.ProjectList{Projects: projects})
}

func (s *Server) handleCreateProject(w http.ResponseWriter, r *http.Request) {
	var req api.ProjectRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.service.CreateProject(r.Context(), userFrom(r), pathID(r, "orgId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, api.ProjectSaved{Success: true, Project: *p})
}

func (s *Server) handleUpdateProject(w http.ResponseWriter, r *http.Request) {
	var req api.ProjectRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.service.UpdateProject(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "projectId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.ProjectSaved{Success: true, Project: *p})
}

func (s *Server) handleDeleteProject(w http.ResponseWriter, r *http.Request) {
	if err := s.service.DeleteProject(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "projectId")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.LibrarySuccess{Success: true})
}

// handleLibrary lists the codes: ?search=&project=&status=&review= pick them,
// ?page=&pageSize= page them (without either, every code picked comes), and
// ?records=1 adds each record and QR text (the desktop station's offline
// cache).
func (s *Server) handleLibrary(w http.ResponseWriter, r *http.Request) {
	page, err := pageFrom(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	q := r.URL.Query()
	lib, err := s.service.ListLibrary(r.Context(), userFrom(r), pathID(r, "orgId"), service.LibraryQuery{
		Page: page, Paged: q.Has("page") || q.Has("pageSize"),
		Project: q.Get("project"), Status: q.Get("status"), WithRecords: q.Get("records") == "1",
		ExternalID: q.Get("externalId"), Review: q.Get("review")})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, lib)
}

func (s *Server) handleCode(w http.ResponseWriter, r *http.Request) {
	code, err := s.service.Code(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "codeId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.LibraryCodeAnswer{Success: true, QrCode: *code})
}

// writeCode answers a write with the code, its record and QR text.
func (s *Server) writeCode(w http.ResponseWriter, r *http.Request, status int, c *cloud.CorporateCode, err error) {
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	view, err := s.service.CodeViewWithRecord(c)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, status, api.LibraryCodeAnswer{Success: true, QrCode: *view})
}

func (s *Server) handleCreateCode(w http.ResponseWriter, r *http.Request) {
	var req api.CreateQRCodeRequest
	// CreateCode takes a nil actor for a collection link's worker: here,
	// signed in is required, or an anonymous request would be one.
	actor := userFrom(r)
	if actor == nil {
		s.writeError(w, r, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired))
		return
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	in := service.CodeInput{Name: req.Name, ProjectID: req.ProjectID, LabelType: req.LabelType,
		Values: req.Values, Source: cloud.CodeSourceManual, ExternalID: req.ExternalID}
	if req.TemplateID == nil {
		in.DefaultTemplate = true
	} else {
		in.TemplateID = *req.TemplateID
	}
	c, err := s.service.CreateCode(r.Context(), actor, pathID(r, "orgId"), in)
	s.writeCode(w, r, http.StatusCreated, c, err)
}

func (s *Server) handleUpdateCode(w http.ResponseWriter, r *http.Request) {
	var req api.UpdateQRCodeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	c, err := s.service.UpdateCode(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "codeId"), req)
	s.writeCode(w, r, http.StatusOK, c, err)
}

func (s *Server) handleDuplicateCode(w http.ResponseWriter, r *http.Request) {
	c, err := s.service.DuplicateCode(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "codeId"))
	s.writeCode(w, r, http.StatusCreated, c, err)
}

func (s *Server) handleConfirmCode(w http.ResponseWriter, r *http.Request) {
	c, err := s.service.ConfirmCode(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "codeId"))
	s.writeCode(w, r, http.StatusOK, c, err)
}

func (s *Server) handleDeleteCode(w http.ResponseWriter, r *http.Request) {
	if err := s.service.DeleteCode(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "codeId")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.LibrarySuccess{Success: true})
}

func (s *Server) handleCodeLabelPDF(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	pdf, c, err := s.service.CodeLabelPDF(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "codeId"),
		service.CodeLabelRequest{Preset: q.Get("preset"), Paper: q.Get("paper")})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeNamedDownload(w, "application/pdf", codeFileName(c, "pdf"), codeFallbackName(c, "pdf"), pdf)
}

func (s *Server) handleCodeLabelPNG(w http.ResponseWriter, r *http.Request) {
	png, c, err := s.service.CodeLabelPNG(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "codeId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeNamedDownload(w, "image/png", codeFileName(c, "png"), codeFallbackName(c, "png"), png)
}

// writeDownload answers with a file to save under a name of ours (ids
// and fixed words, plain ASCII).
func writeDownload(w http.ResponseWriter, contentType, filename string, body []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", attachment(filename))
	w.WriteHeader(http.StatusOK)
	w.Write(body)
}

// writeNamedDownload answers with a file to save under a name that may
// hold any script (namedAttachment).
func writeNamedDownload(w http.ResponseWriter, contentType, filename, fallback string, body []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", namedAttachment(filename, fallback))
	w.WriteHeader(http.StatusOK)
	w.Write(body)
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

func (s *Server) handleImportTemplate(w http.ResponseWriter, r *http.Request) {
	// No templateId is the organisation's default template; one that is
	// not a number is no template.
	var templateID *int64
	if text := r.URL.Query().Get("templateId"); text != "" {
		id, err := strconv.ParseInt(text, 10, 64)
		if err != nil || id < 0 {
			s.writeError(w, r, cloud.NewError(cloud.ENOTFOUND, cloud.MsgTemplateNotFound))
			return
		}
		templateID = &id
	}
	file, err := s.service.ImportTemplateCSV(r.Context(), userFrom(r), pathID(r, "orgId"), templateID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeDownload(w, "text/csv; charset=utf-8", "lifetag-import-template.csv", file)
}

func (s *Server) handleImportCodes(w http.ResponseWriter, r *http.Request) {
	var req api.ImportQRCodesRequest
	if err := decodeJSONUpTo(w, r, &req, importBodyBytes); err != nil {
		s.writeError(w, r, err)
		return
	}
	result, err := s.service.ImportCodes(r.Context(), userFrom(r), pathID(r, "orgId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, result)
}

func (s *Server) handleAttachExternalIDs(w http.ResponseWriter, r *http.Request) {
	var req api.AttachExternalIDsRequest
	if err := decodeJSONUpTo(w, r, &req, importBodyBytes); err != nil {
		s.writeError(w, r, err)
		return
	}
	result, err := s.service.AttachExternalIDs(r.Context(), userFrom(r), pathID(r, "orgId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, result)
}
