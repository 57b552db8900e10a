package client

import (
	"context"
	"net/url"

	"github.com/lifetag/lifetag/pkg/api"
)

// The corporate workspace (docs/design/admin-corporate.md §2-§3): an organisation's
// library of QR codes, its projects and form templates, CSV import and the
// record of batch print runs. Every route is scoped to the caller's own
// organisation; another organisation's ids answer 404.

// The wire types are pkg/api's, generated from the API's contract; these
// names are kept so the station reads as before.

// Library lists the organisation's codes with their records
// (GET /api/corporate/{orgId}/qr-codes?records=1).
func (c *Client) Library(ctx context.Context, orgID int64) (*api.LibraryPage, error) {
	var out api.LibraryPage
	q := url.Values{"records": {"1"}}
	if err := c.do(ctx, "GET", pathf("/api/corporate/%s/qr-codes", orgID), q, nil, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// Projects lists the organisation's projects (GET /api/corporate/projects/{orgId}).
func (c *Client) Projects(ctx context.Context, orgID int64) ([]api.Project, error) {
	var out api.ProjectList
	if err := c.do(ctx, "GET", pathf("/api/corporate/projects/%s", orgID), nil, nil, &out, nil); err != nil {
		return nil, err
	}
	return out.Projects, nil
}

// StandardTemplateID is the built-in Standard Emergency Form's id.
const StandardTemplateID = 0

// CreateQRCode adds a code (POST /api/corporate/{orgId}/qr-codes); the
// cloud checks the quota and the record.
func (c *Client) CreateQRCode(ctx context.Context, orgID int64, code api.CreateQRCodeRequest) (*api.LibraryCode, error) {
	var out api.LibraryCodeAnswer
	if err := c.do(ctx, "POST", pathf("/api/corporate/%s/qr-codes", orgID), nil, code, &out, nil); err != nil {
		return nil, err
	}
	return &out.QrCode, nil
}

// UpdateQRCode edits a code (PUT /api/corporate/{orgId}/qr-codes/{codeId}).
func (c *Client) UpdateQRCode(ctx context.Context, orgID, codeID int64, edit api.UpdateQRCodeRequest) (*api.LibraryCode, error) {
	var out api.LibraryCodeAnswer
	if err := c.do(ctx, "PUT", pathf("/api/corporate/%s/qr-codes/%s", orgID, codeID), nil, edit, &out, nil); err != nil {
		return nil, err
	}
	return &out.QrCode, nil
}

// ImportCSV checks or imports a CSV (POST /api/corporate/{orgId}/qr-codes/import).
func (c *Client) ImportCSV(ctx context.Context, orgID int64, in api.ImportQRCodesRequest) (*api.ImportQRCodesResult, error) {
	var out api.ImportQRCodesResult
	if err := c.do(ctx, "POST", pathf("/api/corporate/%s/qr-codes/import", orgID), nil, in, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// FormTemplates lists the organisation's templates
// (GET /api/corporate/{orgId}/form-templates).
func (c *Client) FormTemplates(ctx context.Context, orgID int64) ([]api.FormTemplate, error) {
	var out api.FormTemplateList
	if err := c.do(ctx, "GET", pathf("/api/corporate/%s/form-templates", orgID), nil, nil, &out, nil); err != nil {
		return nil, err
	}
	return out.Templates, nil
}

// RecordPrintRun tells the cloud about a printed batch
// (POST /api/corporate/{orgId}/print-runs).
func (c *Client) RecordPrintRun(ctx context.Context, orgID int64, run api.PrintRunRequest) error {
	return c.do(ctx, "POST", pathf("/api/corporate/%s/print-runs", orgID), nil, run, nil, nil)
}
