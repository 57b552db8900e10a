// Package library is the station's batch printing for corporate users:
// the organisation's library of codes (with their records), projects and
// form templates, cached for printing offline; codes created and edited
// here, sent now or queued while the cloud does not answer; CSV import
// (which needs the cloud); and batches rendered locally with pkg/sheet at
// error correction M on a layout of pkg/labels, printed, then recorded on
// the cloud as a print run.
package library

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/station/internal/cache"
	"github.com/lifetag/lifetag/station/internal/offline"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/session"
	"github.com/lifetag/lifetag/station/internal/settings"
)

// Kinds of queued change.
const (
	KindCreate   = "code-create"
	KindUpdate   = "code-update"
	KindPrintRun = "print-run"
)

// Messages the window shows.
const (
	MsgQueued           = "Saved on this station. It will be sent when the cloud answers."
	MsgOfflineLibrary   = "The cloud cannot be reached: showing the library this station last synced."
	MsgImportNeedsCloud = "Importing a CSV needs the cloud, which cannot be reached. Try again when it answers."
	MsgCodeNotCached    = "A code in this batch is not on this station. Refresh the library while the cloud answers."
	MsgTemplateUnknown  = "This form template is not on this station. Refresh the library while the cloud answers."
	MsgQueuedCode       = "This code is waiting to be sent to the cloud; edit it once the cloud has it."
	MsgNoCodes          = "Add QR codes to the batch first."
)

// Service is batch printing.
type Service struct {
	session  *session.Service
	cache    *cache.DB
	offline  *offline.Tracker
	printing *printing.Service
	// Now dates the QR text's Generated line (replaceable in tests).
	Now func() time.Time
}

// New returns the service and registers its queued changes' handlers.
func New(s *session.Service, db *cache.DB, tr *offline.Tracker, p *printing.Service) *Service {
	svc := &Service{session: s, cache: db, offline: tr, printing: p, Now: time.Now}
	tr.Handle(KindCreate, svc.sendCreate)
	tr.Handle(KindUpdate, svc.sendUpdate)
	tr.Handle(KindPrintRun, svc.sendPrintRun)
	return svc
}

// View is the library as the window shows it. Codes created offline and
// not yet sent have negative ids.
type View struct {
	OrganizationID int64              `json:"organizationId"`
	Codes          []api.LibraryCode  `json:"codes"`
	Projects       []api.Project      `json:"projects"`
	Templates      []api.FormTemplate `json:"templates"`
	Quota          api.LibraryQuota   `json:"quota"`
	SyncedAt       *time.Time         `json:"syncedAt"`
	Offline        bool               `json:"offline"`
	Message        string             `json:"message,omitempty"`
	// Paused is why the cloud said, at the last sync, that printing is
	// paused (over the plan, a trial ended); "" when it is not. Nothing
	// prints from the cache while it is set.
	Paused string `json:"paused,omitempty"`
}

// Refresh sends queued changes, then reads the library, projects and
// templates into the cache; offline, it returns the cached library.
func (s *Service) Refresh(ctx context.Context) (*View, error) {
	c, account, err := s.session.Require(session.RoleCorporate)
	if err != nil {
		return nil, err
	}
	return offline.Refresh(ctx, s.offline, account,
		func(ctx context.Context) (*cache.Library, error) { return fetch(ctx, c, account.OrganizationID) },
		func(ctx context.Context, lib *cache.Library) error {
			// Codes created offline and still queued stay listed.
			cached, _, err := s.cache.Library(ctx, account.Key())
			if err != nil {
				return err
			}
			for _, code := range cached.Codes {
				if code.ID < 0 {
					lib.Codes = append(lib.Codes, code)
				}
			}
			return s.cache.ReplaceLibrary(ctx, account.Key(), *lib, s.Now())
		},
		s.View,
		func(v *View) { v.Offline, v.Message = true, MsgOfflineLibrary })
}

func fetch(ctx context.Context, c *client.Client, orgID int64) (*cache.Library, error) {
	lib, err := c.Library(ctx, orgID)
	if err != nil {
		return nil, err
	}
	projects, err := c.Projects(ctx, orgID)
	if err != nil {
		return nil, err
	}
	templates, err := c.FormTemplates(ctx, orgID)
	if err != nil {
		return nil, err
	}
	return &cache.Library{OrganizationID: orgID, Codes: lib.QrCodes, Projects: projects, Templates: templates,
		Quota: lib.Quota, Paused: lib.Paused}, nil
}

// View returns the cached library (no network).
func (s *Service) View(ctx context.Context) (*View, error) {
	_, account, err := s.session.Require(session.RoleCorporate)
	if err != nil {
		return nil, err
	}
	lib, synced, err := s.cache.Library(ctx, account.Key())
	if err != nil {
		return nil, err
	}
	v := &View{OrganizationID: account.OrganizationID, Codes: lib.Codes, Projects: lib.Projects,
		Templates: lib.Templates, Quota: lib.Quota, Paused: lib.Paused}
	// Empty lists, not nulls, for the window.
	if v.Codes == nil {
		v.Codes = []api.LibraryCode{}
	}
	if v.Projects == nil {
		v.Projects = []api.Project{}
	}
	if v.Templates == nil {
		v.Templates = []api.FormTemplate{}
	}
	if !synced.IsZero() {
		v.SyncedAt = &synced
	}
	return v, nil
}

// Outcome is a change: sent to the cloud now, or queued.
type Outcome struct {
	Sent    bool            `json:"sent"`
	Queued  bool            `json:"queued"`
	Message string          `json:"message,omitempty"`
	Code    api.LibraryCode `json:"code"`
}

// createChange is a queued create.
type createChange struct {
	Code api.CreateQRCodeRequest `json:"code"`
}

// updateChange is a queued edit.
type updateChange struct {
	CodeID int64                   `json:"codeId"`
	Edit   api.UpdateQRCodeRequest `json:"edit"`
}

// syncFirst sends earlier queued changes so this one follows them; it
// reports whether the cloud answered.
func (s *Service) syncFirst(ctx context.Context, account session.Account) (bool, error) {
	n, err := s.cache.CountChanges(ctx, account.Key(), cache.ChangePending)
	if err != nil || n == 0 {
		return true, err
	}
	res, err := s.offline.Sync(ctx)
	return res.Online, err
}

// CreateCode adds a code to the library. Offline it is queued and listed
// at once (with a negative id), printable from the cache.
func (s *Service) CreateCode(ctx context.Context, code api.CreateQRCodeRequest) (*Outcome, error) {
	c, account, err := s.session.Require(session.RoleCorporate)
	if err != nil {
		return nil, err
	}
	// The station names its template, the Standard form when none was
	// chosen: the cloud reads an absent templateId as the organisation's
	// default template, which the station's form did not show.
	if code.TemplateID == nil {
		code.TemplateID = new(int64) // client.StandardTemplateID
	}
	online, err := s.syncFirst(ctx, account)
	if err != nil {
		return nil, err
	}
	if online {
		created, err := c.CreateQRCode(ctx, account.OrganizationID, code)
		if err = s.offline.Observe(ctx, account, err); err == nil {
			return &Outcome{Sent: true, Code: *created}, s.putCode(ctx, account, *created)
		}
		if !errors.Is(err, client.ErrUnreachable) {
			return nil, err
		}
	}
	lib, _, err := s.cache.Library(ctx, account.Key())
	if err != nil {
		return nil, err
	}
	tmpl := findTemplate(lib.Templates, *code.TemplateID)
	if tmpl == nil {
		return nil, errors.New(MsgTemplateUnknown)
	}
	// The cloud's own rules (pkg/emergency), so a record the cloud would
	// refuse is refused now, not after the station comes back online.
	if errs := emergency.ValidateRecord(tmpl.Fields, code.Values); errs != nil {
		return nil, errs
	}
	ch, err := s.offline.Queue(ctx, account, KindCreate, createChange{Code: code})
	if err != nil {
		return nil, err
	}
	now := s.Now().UTC()
	provisional := api.LibraryCode{ID: -ch.ID, Name: code.Name, TemplateID: code.TemplateID, TemplateName: tmpl.Name,
		LabelType: api.LabelType(code.LabelType), IsActive: true, Source: "station", CreatedAt: now, UpdatedAt: now,
		Record: emergency.Record{Fields: slices.Clone(tmpl.Fields), Values: maps.Clone(code.Values)}}
	if code.ProjectID != 0 {
		provisional.ProjectID = &code.ProjectID
	}
	return &Outcome{Queued: true, Message: MsgQueued, Code: provisional}, s.putCode(ctx, account, provisional)
}

func findTemplate(templates []api.FormTemplate, id int64) *api.FormTemplate {
	for i := range templates {
		if templates[i].ID == id {
			return &templates[i]
		}
	}
	return nil
}

// putCode adds or replaces one code in the cached library.
func (s *Service) putCode(ctx context.Context, account session.Account, code api.LibraryCode) error {
	lib, synced, err := s.cache.Library(ctx, account.Key())
	if err != nil {
		return err
	}
	lib.OrganizationID = account.OrganizationID
	i := slices.IndexFunc(lib.Codes, func(c api.LibraryCode) bool { return c.ID == code.ID })
	if i >= 0 {
		lib.Codes[i] = code
	} else {
		lib.Codes = append(lib.Codes, code)
	}
	if synced.IsZero() {
		synced = s.Now()
	}
	return s.cache.ReplaceLibrary(ctx, account.Key(), lib, synced)
}

// UpdateCode edits a code. Offline the edit is queued and the cached code
// shows it at once.
func (s *Service) UpdateCode(ctx context.Context, codeID int64, edit api.UpdateQRCodeRequest) (*Outcome, error) {
	c, account, err := s.session.Require(session.RoleCorporate)
	if err != nil {
		return nil, err
	}
	if codeID < 0 {
		return nil, errors.New(MsgQueuedCode)
	}
	online, err := s.syncFirst(ctx, account)
	if err != nil {
		return nil, err
	}
	if online {
		updated, err := c.UpdateQRCode(ctx, account.OrganizationID, codeID, edit)
		if err = s.offline.Observe(ctx, account, err); err == nil {
			return &Outcome{Sent: true, Code: *updated}, s.putCode(ctx, account, *updated)
		}
		if !errors.Is(err, client.ErrUnreachable) {
			return nil, err
		}
	}
	lib, _, err := s.cache.Library(ctx, account.Key())
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(lib.Codes, func(c api.LibraryCode) bool { return c.ID == codeID })
	if i < 0 {
		return nil, errors.New(MsgCodeNotCached)
	}
	if edit.Values != nil {
		if errs := emergency.ValidateRecord(lib.Codes[i].Record.Fields, edit.Values); errs != nil {
			return nil, errs
		}
	}
	if _, err := s.offline.Queue(ctx, account, KindUpdate, updateChange{CodeID: codeID, Edit: edit}); err != nil {
		return nil, err
	}
	code := applyEdit(lib.Codes[i], edit)
	code.UpdatedAt = s.Now().UTC()
	return &Outcome{Queued: true, Message: MsgQueued, Code: code}, s.putCode(ctx, account, code)
}

// applyEdit is the code as the cloud will store the edit.
func applyEdit(code api.LibraryCode, e api.UpdateQRCodeRequest) api.LibraryCode {
	if e.Name != nil {
		code.Name = *e.Name
	}
	if e.ProjectID != nil {
		code.ProjectID = e.ProjectID
	}
	if e.LabelType != nil {
		code.LabelType = api.LabelType(*e.LabelType)
	}
	if e.IsActive != nil {
		code.IsActive = *e.IsActive
	}
	if e.Values != nil {
		code.Record.Values = maps.Clone(e.Values)
	}
	return code
}

// createClockSkew allows for the station's and the cloud's clocks
// disagreeing when a replayed create looks for the code it made.
const createClockSkew = 10 * time.Minute

// sendCreate replays a queued create. The cloud takes no client reference
// for a code, so a replay whose first attempt was applied (its answer lost)
// is recognised by its nature: a code with the same name and the same
// values, created since the change was queued. Only then is nothing sent.
func (s *Service) sendCreate(ctx context.Context, c *client.Client, account session.Account, ch cache.Change) error {
	var change createChange
	if err := offline.Decode(ch, &change); err != nil {
		return err
	}
	lib, err := c.Library(ctx, account.OrganizationID)
	if err != nil {
		return err
	}
	for _, code := range lib.QrCodes {
		if code.Name == change.Code.Name && maps.Equal(code.Record.Values, change.Code.Values) &&
			!code.CreatedAt.Before(ch.CreatedAt.Add(-createClockSkew)) {
			return s.dropProvisional(ctx, account, ch)
		}
	}
	if _, err := c.CreateQRCode(ctx, account.OrganizationID, change.Code); err != nil {
		if client.StatusOf(err) != 0 {
			// Refused (the quota, say): the stand-in goes; the change is
			// kept with the cloud's message for the window.
			s.dropProvisional(ctx, account, ch)
		}
		return err
	}
	return s.dropProvisional(ctx, account, ch)
}

// dropProvisional removes a sent create's stand-in from the cache; the
// next refresh lists the code under its cloud id.
func (s *Service) dropProvisional(ctx context.Context, account session.Account, ch cache.Change) error {
	lib, synced, err := s.cache.Library(ctx, account.Key())
	if err != nil {
		return err
	}
	lib.Codes = slices.DeleteFunc(lib.Codes, func(c api.LibraryCode) bool { return c.ID == -ch.ID })
	return s.cache.ReplaceLibrary(ctx, account.Key(), lib, synced)
}

// sendUpdate replays a queued edit. An edit sets fields to values, so
// sending it again after a lost answer stores the same code: idempotent by
// nature. A code deleted meanwhile is the cloud's 404, kept as a refusal.
func (s *Service) sendUpdate(ctx context.Context, c *client.Client, account session.Account, ch cache.Change) error {
	var change updateChange
	if err := offline.Decode(ch, &change); err != nil {
		return err
	}
	_, err := c.UpdateQRCode(ctx, account.OrganizationID, change.CodeID, change.Edit)
	return err
}

// sendPrintRun replays a print run's record. Codes deleted on the cloud
// since the run was printed are left out (the cloud refuses a run naming a
// code it does not have, and the labels were printed all the same); a run
// left with no code is not sent. The cloud keeps no key for runs, so a
// run whose first answer was lost may be counted twice: its labels were
// printed either way, and a count is all it is.
func (s *Service) sendPrintRun(ctx context.Context, c *client.Client, account session.Account, ch cache.Change) error {
	var run api.PrintRunRequest
	if err := offline.Decode(ch, &run); err != nil {
		return err
	}
	lib, err := c.Library(ctx, account.OrganizationID)
	if err != nil {
		return err
	}
	exists := map[int64]bool{}
	for _, code := range lib.QrCodes {
		exists[code.ID] = true
	}
	run.CodeIds = slices.DeleteFunc(run.CodeIds, func(id int64) bool { return !exists[id] })
	if len(run.CodeIds) == 0 {
		return nil
	}
	return c.RecordPrintRun(ctx, account.OrganizationID, run)
}

// ImportCSV checks (Commit false) or imports a CSV; it needs the cloud.
// After an import the library is refreshed.
func (s *Service) ImportCSV(ctx context.Context, in api.ImportQRCodesRequest) (*api.ImportQRCodesResult, error) {
	c, account, err := s.session.Require(session.RoleCorporate)
	if err != nil {
		return nil, err
	}
	res, err := c.ImportCSV(ctx, account.OrganizationID, in)
	if err = s.offline.Observe(ctx, account, err); err != nil {
		if errors.Is(err, client.ErrUnreachable) {
			return nil, errors.New(MsgImportNeedsCloud)
		}
		return nil, err
	}
	if in.Commit && res.Imported > 0 {
		if _, err := s.Refresh(ctx); err != nil {
			return res, err
		}
	}
	return res, nil
}

// Layouts are the named batch layouts (the spec's four, then the presets).
func Layouts() ([]labels.Geometry, error) { return labels.MustBuiltin().BatchGeometries() }

// Batch is a batch print request: the queue's codes in order, a layout's
// id (or any catalogue sheet's name), the first position on the first
// sheet, and copies of each label.
type Batch struct {
	CodeIDs []int64 `json:"codeIds"`
	Layout  string  `json:"layout"`
	Start   int     `json:"start"`
	Copies  int     `json:"copies"`
}

// batch resolves a request into the sheet, its name, the labels, their
// codes' names and the options, from the cache alone (so it prints
// offline). Each label's text is made now, as the cloud makes it when it
// prints. An organisation the cloud said at the last sync may not print
// (cloud.CanCreateCodes: over its plan, a trial ended) is refused with the
// cloud's own words, as the cloud refuses its printing routes; one in good
// standing at the last sync prints offline on that word until the next
// sync (safety officers print where there is no network), and the station
// syncs before every print while the cloud answers.
func (s *Service) batch(ctx context.Context, b Batch) (*labels.Template, string, []sheet.Label, []string, sheet.Options, error) {
	_, account, err := s.session.Require(session.RoleCorporate)
	if err != nil {
		return nil, "", nil, nil, sheet.Options{}, err
	}
	if len(b.CodeIDs) == 0 {
		return nil, "", nil, nil, sheet.Options{}, errors.New(MsgNoCodes)
	}
	t, name, err := labels.MustBuiltin().BatchSheet(b.Layout)
	if err != nil {
		return nil, "", nil, nil, sheet.Options{}, err
	}
	lib, _, err := s.cache.Library(ctx, account.Key())
	if err != nil {
		return nil, "", nil, nil, sheet.Options{}, err
	}
	items, names, err := s.printableLabels(lib, b.CodeIDs)
	if err != nil {
		return nil, "", nil, nil, sheet.Options{}, err
	}
	return t, name, items, names, sheet.BatchOptions(b.Start, b.Copies), nil
}

// cachedCodes are the codes of ids (in their order) from the cached
// library; refused with the cloud's own words when the last sync said the
// organisation may not print (see batch), or when a code is not cached.
func cachedCodes(lib cache.Library, ids []int64) ([]*api.LibraryCode, error) {
	if lib.Paused != "" {
		return nil, errors.New(lib.Paused)
	}
	byID := map[int64]*api.LibraryCode{}
	for i := range lib.Codes {
		byID[lib.Codes[i].ID] = &lib.Codes[i]
	}
	codes := make([]*api.LibraryCode, len(ids))
	for i, id := range ids {
		if codes[i] = byID[id]; codes[i] == nil {
			return nil, errors.New(MsgCodeNotCached)
		}
	}
	return codes, nil
}

// printableLabels are the labels of ids (in their order) from the cached
// library, with their codes' names (cachedCodes' refusals first); a batch
// holding deactivated codes (workers who left, as of the last sync or an
// edit on this station) is refused whole, naming them all, as the cloud
// refuses it (sheet.BatchLabels).
func (s *Service) printableLabels(lib cache.Library, ids []int64) ([]sheet.Label, []string, error) {
	codes, err := cachedCodes(lib, ids)
	if err != nil {
		return nil, nil, err
	}
	queue, err := s.batchCodes(codes)
	if err != nil {
		return nil, nil, err
	}
	return sheet.BatchLabels(queue)
}

// batchCodes are the codes as the batch printer weighs them, each label
// as it prints.
func (s *Service) batchCodes(codes []*api.LibraryCode) ([]sheet.BatchCode, error) {
	loc, err := time.LoadLocation(emergency.DefaultTimeZone)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	out := make([]sheet.BatchCode, len(codes))
	for i, code := range codes {
		out[i] = sheet.BatchCode{ID: code.ID, Name: code.Name, Active: code.IsActive,
			Label: sheet.RecordLabel(code.Record.Data(), emergency.RecordQRText(code.Record, now, loc))}
	}
	return out, nil
}

// Fit answers the batch screen's question offline, as the cloud's POST
// …/batch-print/fit does: every named layout, then each catalogue sheet
// of sheets, with the queued codes too dense for its labels
// (sheet.FitQueue, the rule printing applies).
func (s *Service) Fit(ctx context.Context, codeIDs []int64, sheets []string) ([]api.BatchLayoutFit, error) {
	_, account, err := s.session.Require(session.RoleCorporate)
	if err != nil {
		return nil, err
	}
	if len(codeIDs) == 0 {
		return nil, errors.New(MsgNoCodes)
	}
	ids := sheet.UniqueIDs(codeIDs)
	lib, _, err := s.cache.Library(ctx, account.Key())
	if err != nil {
		return nil, err
	}
	codes, err := cachedCodes(lib, ids)
	if err != nil {
		return nil, err
	}
	queue, err := s.batchCodes(codes)
	if err != nil {
		return nil, err
	}
	fits, err := sheet.FitQueue(queue, sheets)
	if err != nil {
		return nil, err
	}
	out := make([]api.BatchLayoutFit, len(fits))
	for i, f := range fits {
		out[i] = api.BatchLayoutFit{ID: f.ID, Name: f.Name, RefusedCodeIds: f.RefusedIDs}
	}
	return out, nil
}

// Labels are the batch's labels as they print (for the window's preview
// and the tests).
func (s *Service) Labels(ctx context.Context, b Batch) ([]sheet.Label, error) {
	_, _, items, _, _, err := s.batch(ctx, b)
	return items, err
}

// BatchResult is a printed batch and what became of its print run record.
type BatchResult struct {
	printing.Result
	RunSent   bool `json:"runSent"`
	RunQueued bool `json:"runQueued"`
}

// Print prints the batch on job's printer (chunked, with progress and
// cancel), then records the run on the cloud, or queues the record.
func (s *Service) Print(ctx context.Context, b Batch, job printing.Job, progress printing.Progress) (*BatchResult, error) {
	t, layout, items, names, o, err := s.batch(ctx, b)
	if err != nil {
		return nil, err
	}
	if job.Title == "" {
		job.Title = "Lifetag batch"
	}
	res, err := s.printing.Print(ctx, t, items, o, job, progress)
	if err != nil {
		return nil, sheet.RefuseTooDense(err, t, layout, names, s.paper())
	}
	out := &BatchResult{Result: *res}
	out.RunSent, out.RunQueued, err = s.RecordRun(ctx, b)
	return out, err
}

// RecordRun records a printed batch on the cloud as a print run, or queues
// the record while the cloud does not answer (sent with the next sync).
func (s *Service) RecordRun(ctx context.Context, b Batch) (sent, queued bool, err error) {
	run := api.PrintRunRequest{Layout: strings.TrimSpace(b.Layout), Labels: len(b.CodeIDs) * max(b.Copies, 1)}
	for _, id := range b.CodeIDs {
		if id > 0 { // a code still queued has no cloud id to count
			run.CodeIds = append(run.CodeIds, id)
		}
	}
	if len(run.CodeIds) == 0 {
		return false, false, nil
	}
	c, account, err := s.session.Require(session.RoleCorporate)
	if err != nil {
		return false, false, err
	}
	online, err := s.syncFirst(ctx, account)
	if err != nil {
		return false, false, err
	}
	if online {
		err = s.offline.Observe(ctx, account, c.RecordPrintRun(ctx, account.OrganizationID, run))
		if err == nil {
			return true, false, nil
		}
		if !errors.Is(err, client.ErrUnreachable) {
			return false, false, fmt.Errorf("The labels printed, but the cloud did not record the run: %w", err)
		}
	}
	if _, err := s.offline.Queue(ctx, account, KindPrintRun, run); err != nil {
		return false, false, err
	}
	return false, true, nil
}

// SavePDF saves the batch as one PDF at path (no calibration offset).
func (s *Service) SavePDF(ctx context.Context, b Batch, path string) error {
	t, layout, items, names, o, err := s.batch(ctx, b)
	if err != nil {
		return err
	}
	return sheet.RefuseTooDense(printing.SavePDF(path, t, items, o), t, layout, names, s.paper())
}

// RenderPDF writes the batch as one PDF (the window's preview).
func (s *Service) RenderPDF(ctx context.Context, b Batch) ([]byte, error) {
	t, layout, items, names, o, err := s.batch(ctx, b)
	if err != nil {
		return nil, err
	}
	var pdf bytes.Buffer
	if err := sheet.Render(&pdf, t, items, o); err != nil {
		return nil, sheet.RefuseTooDense(err, t, layout, names, s.paper())
	}
	return pdf.Bytes(), nil
}

// paper is the paper this station's printer is loaded with (its
// settings), so a refusal offers layouts on the sheets at hand; "" when
// the settings cannot be read, and every holding layout is offered.
func (s *Service) paper() labels.PaperSize {
	if s.printing == nil || s.printing.Settings == nil {
		return ""
	}
	set, err := s.printing.Settings.Load()
	if err != nil {
		return ""
	}
	switch set.Paper {
	case settings.PaperA4:
		return labels.A4
	case settings.PaperLetter:
		return labels.Letter
	}
	return ""
}
