package client

import (
	"context"
	"net/url"

	"github.com/lifetag/lifetag/pkg/api"
)

// The corporate workspace (admin-corporate-side §2-§3): an organisation's
// library of QR codes, its projects and form templates, CSV import and the
// record of batch print runs. Every route is scoped to the caller's own
// organisation; another organisation's ids answer 404.

// The wire types are pkg/api's, generated from the API's contract; these
// names are kept so the station reads as before.

// QRCode is one code of an organisation's library: a person's record made
// from a form template, and the exact text its QR code carries (QrText).
type QRCode = api.LibraryCode

// Quota is how many codes the organisation has and may have.
type Quota = api.LibraryQuota

// Library is the organisation's codes and quota.
type Library = api.LibraryPage

// Library lists the organisation's codes with their records
// (GET /api/corporate/{orgId}/qr-codes?records=1).
func (c *Client) Library(ctx context.Context, orgID int64) (*Library, error) {
	var out Library
	q := url.Values{"records": {"1"}}
	if err := c.do(ctx, "GET", pathf("/api/corporate/%s/qr-codes", orgID), q, nil, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// Project is a group of codes.
type Project = api.Project

// Projects lists the organisation's projects (GET /api/corporate/projects/{orgId}).
func (c *Client) Projects(ctx context.Context, orgID int64) ([]Project, error) {
	var out api.ProjectList
	if err := c.do(ctx, "GET", pathf("/api/corporate/projects/%s", orgID), nil, nil, &out, nil); err != nil {
		return nil, err
	}
	return out.Projects, nil
}

// StandardTemplateID is the built-in Standard Emergency Form's id.
const StandardTemplateID = 0

// NewQRCode is a code to add to the library: values by the template's
// field ids. ProjectID 0 is no project; TemplateID nil the organisation's
// default template, 0 the standard form; LabelType helmet, gear or wallet.
type NewQRCode = api.CreateQRCodeRequest

// QRCodeUpdate is an edit of a code: only the fields set are changed.
type QRCodeUpdate = api.UpdateQRCodeRequest

// CreateQRCode adds a code (POST /api/corporate/{orgId}/qr-codes); the
// cloud checks the quota and the record.
func (c *Client) CreateQRCode(ctx context.Context, orgID int64, code NewQRCode) (*QRCode, error) {
	var out api.LibraryCodeAnswer
	if err := c.do(ctx, "POST", pathf("/api/corporate/%s/qr-codes", orgID), nil, code, &out, nil); err != nil {
		return nil, err
	}
	return &out.QrCode, nil
}

// UpdateQRCode edits a code (PUT /api/corporate/{orgId}/qr-codes/{codeId}).
func (c *Client) UpdateQRCode(ctx context.Context, orgID, codeID int64, edit QRCodeUpdate) (*QRCode, error) {
	var out api.LibraryCodeAnswer
	if err := c.do(ctx, "PUT", pathf("/api/corporate/%s/qr-codes/%s", orgID, codeID), nil, edit, &out, nil); err != nil {
		return nil, err
	}
	return &out.QrCode, nil
}

// Import is a CSV import: checked only (Commit false) or made, all rows
// or none.
type Import = api.ImportQRCodesRequest

// ImportRow is one CSV row's outcome: its 1-based number, the code's name
// and what is wrong with it, by column (none: valid).
type ImportRow = api.ImportQRCodesRow

// ImportResult is the outcome of an import.
type ImportResult = api.ImportQRCodesResult

// ImportCSV checks or imports a CSV (POST /api/corporate/{orgId}/qr-codes/import).
func (c *Client) ImportCSV(ctx context.Context, orgID int64, in Import) (*ImportResult, error) {
	var out ImportResult
	if err := c.do(ctx, "POST", pathf("/api/corporate/%s/qr-codes/import", orgID), nil, in, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// FormTemplate is a form of fields codes are made from.
type FormTemplate = api.FormTemplate

// FormTemplates lists the organisation's templates
// (GET /api/corporate/{orgId}/form-templates).
func (c *Client) FormTemplates(ctx context.Context, orgID int64) ([]FormTemplate, error) {
	var out api.FormTemplateList
	if err := c.do(ctx, "GET", pathf("/api/corporate/%s/form-templates", orgID), nil, nil, &out, nil); err != nil {
		return nil, err
	}
	return out.Templates, nil
}

// PrintRun records a batch the station printed: the layout's id or name,
// how many labels, and which codes.
type PrintRun = api.PrintRunRequest

// RecordPrintRun tells the cloud about a printed batch
// (POST /api/corporate/{orgId}/print-runs).
func (c *Client) RecordPrintRun(ctx context.Context, orgID int64, run PrintRun) error {
	return c.do(ctx, "POST", pathf("/api/corporate/%s/print-runs", orgID), nil, run, nil, nil)
}
