package client

import (
	"context"
	"net/url"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// The corporate workspace (admin-corporate-side §2-§3): an organisation's
// library of QR codes, its projects and form templates, CSV import and the
// record of batch print runs. Every route is scoped to the caller's own
// organisation; another organisation's ids answer 404.

// QRCode is one code of an organisation's library: a person's record made
// from a form template, and the exact text its QR code carries.
type QRCode struct {
	ID            int64            `json:"id"`
	Name          string           `json:"name"`
	ProjectID     *int64           `json:"projectId"`
	ProjectName   string           `json:"projectName"`
	TemplateID    *int64           `json:"templateId"`
	TemplateName  string           `json:"templateName"`
	LabelType     string           `json:"labelType"`
	IsActive      bool             `json:"isActive"`
	Source        string           `json:"source"`
	MissingFields int              `json:"missingFields"` // required fields left empty
	CreatedAt     time.Time        `json:"createdAt"`
	UpdatedAt     time.Time        `json:"updatedAt"`
	Record        emergency.Record `json:"record"`
	QRText        string           `json:"qrText"`
}

// Quota is how many codes the organisation has and may have.
type Quota struct {
	Used int `json:"used"`
	Max  int `json:"max"`
}

// Library is the organisation's codes and quota.
type Library struct {
	QRCodes []QRCode `json:"qrCodes"`
	Quota   Quota    `json:"quota"`
}

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
type Project struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Status      string    `json:"status"`
	CodeCount   int       `json:"codeCount"`
	CreatedAt   time.Time `json:"createdAt"`
}

// Projects lists the organisation's projects (GET /api/corporate/projects/{orgId}).
func (c *Client) Projects(ctx context.Context, orgID int64) ([]Project, error) {
	var out struct {
		Projects []Project `json:"projects"`
	}
	if err := c.do(ctx, "GET", pathf("/api/corporate/projects/%s", orgID), nil, nil, &out, nil); err != nil {
		return nil, err
	}
	return out.Projects, nil
}

// StandardTemplateID is the built-in Standard Emergency Form's id.
const StandardTemplateID = 0

// NewQRCode is a code to add to the library: values by the template's
// field ids. ProjectID 0 is no project; TemplateID 0 the standard form.
type NewQRCode struct {
	Name       string            `json:"name"`
	ProjectID  int64             `json:"projectId"`
	TemplateID int64             `json:"templateId"`
	LabelType  string            `json:"labelType"` // helmet, gear or wallet
	Values     map[string]string `json:"values"`
}

// QRCodeUpdate is an edit of a code: only the fields set are changed.
type QRCodeUpdate struct {
	Name      *string           `json:"name,omitempty"`
	ProjectID *int64            `json:"projectId,omitempty"`
	LabelType *string           `json:"labelType,omitempty"`
	Values    map[string]string `json:"values,omitempty"`
	IsActive  *bool             `json:"isActive,omitempty"`
}

// codeAnswer is the answer of a create or an edit: the code as stored.
type codeAnswer struct {
	QRCode QRCode `json:"qrCode"`
}

// CreateQRCode adds a code (POST /api/corporate/{orgId}/qr-codes); the
// cloud checks the quota and the record.
func (c *Client) CreateQRCode(ctx context.Context, orgID int64, code NewQRCode) (*QRCode, error) {
	var out codeAnswer
	if err := c.do(ctx, "POST", pathf("/api/corporate/%s/qr-codes", orgID), nil, code, &out, nil); err != nil {
		return nil, err
	}
	return &out.QRCode, nil
}

// UpdateQRCode edits a code (PUT /api/corporate/{orgId}/qr-codes/{codeId}).
func (c *Client) UpdateQRCode(ctx context.Context, orgID, codeID int64, edit QRCodeUpdate) (*QRCode, error) {
	var out codeAnswer
	if err := c.do(ctx, "PUT", pathf("/api/corporate/%s/qr-codes/%s", orgID, codeID), nil, edit, &out, nil); err != nil {
		return nil, err
	}
	return &out.QRCode, nil
}

// Import is a CSV import: checked only (Commit false) or made, all rows
// or none.
type Import struct {
	TemplateID int64  `json:"templateId"`
	ProjectID  int64  `json:"projectId"`
	LabelType  string `json:"labelType,omitempty"`
	CSV        string `json:"csv"`
	Commit     bool   `json:"commit"`
}

// ImportRow is one CSV row's outcome: its 1-based number, the code's name
// and what is wrong with it, by column (none: valid).
type ImportRow struct {
	Row    int               `json:"row"`
	Name   string            `json:"name"`
	Errors map[string]string `json:"errors"`
}

// ImportResult is the outcome of an import.
type ImportResult struct {
	Rows     []ImportRow `json:"rows"`
	Valid    int         `json:"valid"`
	Invalid  int         `json:"invalid"`
	Imported int         `json:"imported"`
}

// ImportCSV checks or imports a CSV (POST /api/corporate/{orgId}/qr-codes/import).
func (c *Client) ImportCSV(ctx context.Context, orgID int64, in Import) (*ImportResult, error) {
	var out ImportResult
	if err := c.do(ctx, "POST", pathf("/api/corporate/%s/qr-codes/import", orgID), nil, in, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// FormTemplate is a form of fields codes are made from.
type FormTemplate struct {
	ID          int64             `json:"id"`
	Name        string            `json:"name"`
	Description string            `json:"description"`
	IsDefault   bool              `json:"isDefault"`
	BuiltIn     bool              `json:"builtIn"`
	Fields      []emergency.Field `json:"fields"`
}

// FormTemplates lists the organisation's templates
// (GET /api/corporate/{orgId}/form-templates).
func (c *Client) FormTemplates(ctx context.Context, orgID int64) ([]FormTemplate, error) {
	var out struct {
		Templates []FormTemplate `json:"templates"`
	}
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
