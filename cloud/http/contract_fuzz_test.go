package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"

	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/api"
)

// TestContractFuzz is the fuzz pass generated from the document:
// for every operation of pkg/api/openapi.yaml and each caller (anonymous,
// an individual account, a corporate owner, a site admin) it sends a valid
// request, built from the schemas and their examples with the ids of real
// records, and deliberately broken ones (wrong types, missing fields, huge
// strings, bodies that are not JSON, ids that are not numbers, unknown query
// values) to the real server over HTTP. Every answer must be documented (its
// status listed for the operation, its body valid against that status's
// schema), none may be a 5xx, and a body the document rejects must be
// refused with 400, 413 or 415 and the server's own message. The cases are
// a fixed list (no randomness), so a failure repeats.
//
// Each operation gets a fresh server and fixtures, so a case that deletes
// or signs out cannot change what the next operation sees.
func TestContractFuzz(t *testing.T) {
	t.Parallel()
	started := time.Now()
	raw, err := api.JSON()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := libopenapi.NewDocument(raw)
	if err != nil {
		t.Fatal(err)
	}
	model, err := doc.BuildV3Model()
	if err != nil {
		t.Fatalf("building the document's model: %v", err)
	}
	// Who may call is the server's check (TestAuthorizationMatrix): the
	// validator only judges shapes.
	v := validator.NewValidatorFromV3Model(&model.Model, config.WithoutSecurityValidation())
	var tree map[string]any
	if err := json.Unmarshal(raw, &tree); err != nil {
		t.Fatal(err)
	}
	ops, err := api.Operations()
	if err != nil {
		t.Fatal(err)
	}

	bulk := newFuzzWorld(t)
	var cases, serverErrors int
	var untried []string
	for _, op := range ops {
		pathItem := model.Model.Paths.PathItems.GetOrZero(op.Path)
		if pathItem == nil {
			t.Fatalf("%s %s: not in the model", op.Method, op.Path)
		}
		f := &contractFuzz{t: t, doc: tree, v: v, pathItem: pathItem, op: op, bulk: bulk}
		t.Run(op.Method+" "+op.Path, func(t *testing.T) {
			f.t = t
			f.fuzzWorld = newFuzzWorld(t)
			for _, role := range fuzzRoles {
				f.run(role)
			}
			f.report()
		})
		cases += f.cases
		serverErrors += f.serverErrors
		if !f.exercised && f.refusedValid != "" {
			untried = append(untried, fmt.Sprintf("%s %s (%s)", op.Method, op.Path, f.refusedValid))
		}
	}
	if len(untried) > 0 {
		// Not a failure: the answers were documented. Examples of accepted
		// values in the document would let the fuzz reach the success answer.
		t.Logf("%d operations whose generated request no caller got accepted (400); give their fields examples:\n  %s",
			len(untried), strings.Join(untried, "\n  "))
	}
	line := fmt.Sprintf("fuzz: %d operations, %d cases, %d server errors (%.0f s)",
		len(ops), cases, serverErrors, time.Since(started).Seconds())
	t.Log(line)
	if report := os.Getenv("LIFETAG_TEST_REPORT"); report != "" {
		if f, err := os.OpenFile(report, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644); err == nil {
			fmt.Fprintln(f, line)
			f.Close()
		}
	}
}

// The callers each operation is tried as.
const (
	fuzzAnonymous = iota
	fuzzIndividual
	fuzzCorporateOwner
	fuzzAdmin
)

var fuzzRoles = []int{fuzzAnonymous, fuzzIndividual, fuzzCorporateOwner, fuzzAdmin}

var fuzzRoleNames = map[int]string{fuzzAnonymous: "anonymous", fuzzIndividual: "individual account",
	fuzzCorporateOwner: "corporate owner", fuzzAdmin: "site admin"}

const (
	fuzzPerson = "fuzz-person@example.com"
	fuzzBoss   = "fuzz-boss@example.com"
	fuzzAdminE = "fuzz-admin@example.com"
)

// contractFuzz is one operation's run.
type contractFuzz struct {
	t        *testing.T
	doc      map[string]any // the document as JSON, for building requests
	v        validator.Validator
	pathItem *v3.PathItem
	op       api.Operation

	*fuzzWorld            // the operation's own
	bulk       *fuzzWorld // shared, for hugeCase

	cases, serverErrors int
	// exercised: some caller's valid request succeeded; refusedValid: the
	// server's 400 to it otherwise (the document lacks an example of a
	// value the server accepts, so the success answer went untried).
	exercised    bool
	refusedValid string
	// problems found, grouped (one line per kind, with its first case):
	// the same fault shows in many cases.
	problems map[string]*fuzzProblem
	order    []string
}

type fuzzProblem struct {
	count   int
	example string
}

// problem records a fault; what says which case, text what is wrong.
func (f *contractFuzz) problem(text, what string) {
	if f.problems == nil {
		f.problems = map[string]*fuzzProblem{}
	}
	p, ok := f.problems[text]
	if !ok {
		p = &fuzzProblem{example: what}
		f.problems[text] = p
		f.order = append(f.order, text)
	}
	p.count++
}

func (f *contractFuzz) report() {
	for _, text := range f.order {
		p := f.problems[text]
		f.t.Errorf("%s\n  %d case(s), the first: %s", text, p.count, p.example)
	}
}

// fuzzWorld is a server with the records the requests name.
type fuzzWorld struct {
	env      *env
	tokens   map[int]string
	personID int64
	refs     orgRefs
}

// newFuzzWorld starts a server and makes the records: an individual with a
// record, a referral code and an order (seedOwner), an organisation with a
// project, a template, a collection link and codes (stateOrganization), an
// admin. Every world gets the same ids.
func newFuzzWorld(t *testing.T) *fuzzWorld {
	f := &fuzzWorld{env: newEnv(t, storetest.Backends[0], envOptions{})}
	e := f.env
	person := e.seedOwner(fuzzPerson)
	u, err := e.Store.FindUserByEmail(context.Background(), fuzzPerson)
	if err != nil {
		t.Fatal(err)
	}
	f.personID = u.ID
	var boss string
	f.refs, boss = e.stateOrganization(fuzzBoss, withinPlan)
	e.createAdmin(fuzzAdminE, "admin-password")
	f.tokens = map[int]string{fuzzIndividual: person, fuzzCorporateOwner: boss,
		fuzzAdmin: e.login(fuzzAdminE, "admin-password")}
	return f
}

// fuzzCase is one request.
type fuzzCase struct {
	name        string
	path        string // with its query
	contentType string
	body        []byte // nil: none
	// badBody: the document rejects this body, so the server must too.
	badBody bool
}

// run sends every case of the operation as role.
func (f *contractFuzz) run(role int) {
	op := f.operation()
	params := f.parameters(op)
	var valid fuzzCase
	valid.name = "valid"
	valid.path = f.buildPath(params, role, "", "", false)
	bodySchema, contentType := f.requestBody(op)
	var validBody any
	if bodySchema != nil {
		validBody = f.value(bodySchema, "", role, 0)
		valid.body, _ = json.Marshal(validBody)
		if s, ok := validBody.(string); ok && contentType != "application/json" {
			valid.body = []byte(s) // text/csv, say: the text itself
		}
		valid.contentType = contentType
	}
	cs := []fuzzCase{valid}
	if every := f.buildPath(params, role, "", "", true); every != valid.path {
		cs = append(cs, fuzzCase{name: "every query parameter", path: every, contentType: valid.contentType, body: valid.body})
	}
	for _, p := range params {
		name, _ := p["name"].(string)
		for _, bad := range f.badParameterValues(p) {
			c := fuzzCase{name: fmt.Sprintf("%s %s=%.20q", p["in"], name, bad), contentType: valid.contentType, body: valid.body}
			if p["in"] != "path" && p["in"] != "query" {
				continue
			}
			c.path = f.buildPath(params, role, name, bad, false)
			cs = append(cs, c)
		}
	}
	if bodySchema != nil && contentType == "application/json" {
		cs = append(cs, f.badBodies(valid, bodySchema, validBody)...)
	}
	var validStatus int
	for i, c := range cs {
		status, answer := f.send(role, c, validStatus)
		if i == 0 {
			validStatus = status
			if status < 300 {
				f.exercised = true
			} else if status == 400 && f.refusedValid == "" {
				f.refusedValid = fmt.Sprintf("%s: %.160s", fuzzRoleNames[role], bytes.TrimSpace(answer))
			}
		}
	}
}

// send sends one case and checks its answer; it returns the answer.
func (f *contractFuzz) send(role int, c fuzzCase, validStatus int) (int, []byte) {
	t := f.t
	t.Helper()
	f.cases++
	world := f.fuzzWorld
	if c.name == hugeCase {
		world = f.bulk
	}
	req, err := http.NewRequest(f.op.Method, world.env.URL+c.path, bytesOrNil(c.body))
	if err != nil {
		t.Fatalf("%s: %v", c.path, err)
	}
	if c.contentType != "" {
		req.Header.Set("Content-Type", c.contentType)
	}
	if token := world.tokens[role]; token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", c.path, err)
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	what := fmt.Sprintf("%.200s as %s, case %s", f.op.Method+" "+c.path, fuzzRoleNames[role], c.name)
	if resp.StatusCode >= 500 {
		f.serverErrors++
		f.problem(fmt.Sprintf("server error %d %.300s", resp.StatusCode, answer), what)
	}

	// The answer must be one the document describes.
	resp.Body = io.NopCloser(bytes.NewReader(answer))
	vreq, _ := http.NewRequest(f.op.Method, f.env.URL+c.path, bytesOrNil(c.body))
	vreq.Header = req.Header.Clone()
	if ok, errs := f.v.GetResponseBodyValidator().ValidateResponseBodyWithPathItem(vreq, resp, f.pathItem, f.op.Path); !ok {
		for _, e := range errs {
			f.problem(fmt.Sprintf("answer %d outside the document: %s%s", resp.StatusCode, e.Message,
				schemaErrors(e.SchemaValidationErrors)), fmt.Sprintf("%s\n  answer: %.300s", what, answer))
		}
	}

	// A body the document rejects: the server refuses it itself, with a
	// message a person can act on.
	if c.badBody {
		vreq, _ := http.NewRequest(f.op.Method, f.env.URL+c.path, bytesOrNil(c.body))
		vreq.Header = req.Header.Clone()
		ok, _ := f.v.GetRequestBodyValidator().ValidateRequestBodyWithPathItem(vreq, f.pathItem, f.op.Path)
		if ok {
			return resp.StatusCode, answer // the document accepts it after all (a free-form field)
		}
		// The valid request's own refusal (not signed in, not theirs, the
		// address has an account already) comes before the body's fields.
		callerRefused := resp.StatusCode == validStatus && validStatus >= 401 && validStatus < 500 &&
			validStatus != 413 && validStatus != 415
		switch {
		case callerRefused:
		case resp.StatusCode != 400 && resp.StatusCode != 413 && resp.StatusCode != 415:
			f.problem(fmt.Sprintf("the document rejects the body (%s), the server answered %d", c.name, resp.StatusCode),
				fmt.Sprintf("%s\n  answer: %.300s", what, answer))
		default:
			var e struct{ Message string }
			if err := json.Unmarshal(answer, &e); err != nil || !personMessage(e.Message) {
				f.problem(fmt.Sprintf("%d without a message a person understands: %.200s", resp.StatusCode, answer), what)
			}
		}
	}
	return resp.StatusCode, answer
}

// generatorText is what a library says by default (Go's JSON decoder, the
// HTTP server), never a message for the website's visitors.
var generatorText = regexp.MustCompile(`(?i)json: |invalid character|unexpected end|^EOF$|cannot unmarshal|strconv\.|http: |Key: '|reflect|<nil>|%!`)

func personMessage(m string) bool {
	return strings.TrimSpace(m) != "" && !generatorText.MatchString(m)
}

func schemaErrors[T any](errs []T) string {
	if len(errs) == 0 {
		return ""
	}
	var b strings.Builder
	for i, e := range errs {
		if i == 5 {
			fmt.Fprintf(&b, "; and %d more", len(errs)-5)
			break
		}
		fmt.Fprintf(&b, "; %+v", e)
	}
	return b.String()
}

func bytesOrNil(b []byte) io.Reader {
	if b == nil {
		return nil
	}
	return bytes.NewReader(b)
}

// ---- the document, read as JSON

// resolve follows a local $ref ("#/components/...").
func (f *contractFuzz) resolve(node map[string]any) map[string]any {
	for i := 0; i < 20; i++ {
		ref, ok := node["$ref"].(string)
		if !ok {
			return node
		}
		var cur any = f.doc
		for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			m, _ := cur.(map[string]any)
			cur = m[strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")]
		}
		next, ok := cur.(map[string]any)
		if !ok {
			f.t.Fatalf("unresolved $ref %s", ref)
		}
		node = next
	}
	return node
}

func (f *contractFuzz) pathNode() map[string]any {
	paths, _ := f.doc["paths"].(map[string]any)
	item, _ := paths[f.op.Path].(map[string]any)
	return item
}

func (f *contractFuzz) operation() map[string]any {
	op, _ := f.pathNode()[strings.ToLower(f.op.Method)].(map[string]any)
	return op
}

// parameters are the path item's and the operation's (the operation's win),
// sorted by place and name.
func (f *contractFuzz) parameters(op map[string]any) []map[string]any {
	byKey := map[string]map[string]any{}
	for _, list := range []any{f.pathNode()["parameters"], op["parameters"]} {
		items, _ := list.([]any)
		for _, item := range items {
			m, _ := item.(map[string]any)
			p := f.resolve(m)
			byKey[fmt.Sprint(p["in"], " ", p["name"])] = p
		}
	}
	keys := make([]string, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]map[string]any, len(keys))
	for i, k := range keys {
		out[i] = byKey[k]
	}
	return out
}

// requestBody is the operation's body schema and content type (JSON when
// offered), or nil.
func (f *contractFuzz) requestBody(op map[string]any) (map[string]any, string) {
	rb, ok := op["requestBody"].(map[string]any)
	if !ok {
		return nil, ""
	}
	rb = f.resolve(rb)
	content, _ := rb["content"].(map[string]any)
	types := make([]string, 0, len(content))
	for ct := range content {
		types = append(types, ct)
	}
	slices.Sort(types)
	if _, ok := content["application/json"]; ok {
		types = []string{"application/json"}
	}
	if len(types) == 0 {
		return nil, ""
	}
	media, _ := content[types[0]].(map[string]any)
	schema, _ := media["schema"].(map[string]any)
	if schema == nil {
		schema = map[string]any{}
	}
	return f.resolve(schema), types[0]
}

// buildPath fills the path's parameters with the seeded records' ids
// (bad, when set, goes in the parameter named badName instead) and adds the
// query parameters that are required or have an example (every: all).
func (f *contractFuzz) buildPath(params []map[string]any, role int, badName, bad string, every bool) string {
	path := f.op.Path
	query := url.Values{}
	for _, p := range params {
		name, _ := p["name"].(string)
		schema, _ := p["schema"].(map[string]any)
		value := ""
		if name == badName {
			value = bad
		} else {
			v := f.value(f.resolve(orEmpty(schema)), name, role, 0)
			if list, ok := v.([]any); ok && len(list) > 0 {
				v = list[0] // one value of an array parameter
			}
			value = fmt.Sprint(v)
		}
		switch p["in"] {
		case "path":
			path = strings.ReplaceAll(path, "{"+name+"}", url.PathEscape(value))
		case "query":
			// An optional parameter without an example may need a value
			// the schema cannot tell (a cursor, a project's id): only the
			// "every query parameter" case sends it.
			required, _ := p["required"].(bool)
			if required || every || name == badName || hasExample(f.resolve(orEmpty(schema))) {
				query.Set(name, value)
			}
		}
	}
	if len(query) > 0 {
		path += "?" + query.Encode()
	}
	return path
}

func hasExample(schema map[string]any) bool {
	for _, key := range []string{"examples", "example", "enum", "const", "default"} {
		if _, ok := schema[key]; ok {
			return true
		}
	}
	return false
}

func orEmpty(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// badParameterValues are values a path or query parameter should refuse
// (or ignore): not numbers, out of range, unknown, huge.
func (f *contractFuzz) badParameterValues(p map[string]any) []string {
	schema, _ := p["schema"].(map[string]any)
	switch firstType(f.resolve(orEmpty(schema))) {
	case "integer", "number":
		return []string{"abc", "-1", "0", "99999999999999999999999", "1.5"}
	case "boolean":
		return []string{"maybe"}
	default:
		return []string{"zzz-unknown", "", strings.Repeat("x", 5000), "'; DROP TABLE users; --"}
	}
}

// badBodies are bodies the document rejects (not JSON, the wrong content
// type, an array, each property of the wrong type, the required fields
// missing) and ones it allows but that stress the server (huge strings).
func (f *contractFuzz) badBodies(valid fuzzCase, schema map[string]any, validBody any) []fuzzCase {
	bad := func(name, ct string, body []byte) fuzzCase {
		return fuzzCase{name: name, path: valid.path, contentType: ct, body: body, badBody: true}
	}
	cs := []fuzzCase{
		bad("not JSON", "application/json", []byte(`{"unfinished":`)),
		bad("text/plain", "text/plain", valid.body),
		bad("no content type", "", valid.body),
	}
	obj, isObject := validBody.(map[string]any)
	if !isObject {
		return cs
	}
	cs = append(cs, bad("an array", "application/json", []byte(`[1,2,3]`)))
	if req, _ := schema["required"].([]any); len(req) > 0 {
		cs = append(cs, bad("required fields missing", "application/json", []byte(`{}`)))
	}
	props, _ := schema["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		prop := f.resolve(orEmpty(asMap(props[name])))
		wrong := wrongTypeValue(prop)
		if wrong == nil {
			continue
		}
		changed := cloneMap(obj)
		changed[name] = wrong
		body, _ := json.Marshal(changed)
		cs = append(cs, bad(name+" of the wrong type", "application/json", body))
	}
	// Each required field missing, and each field of a nested object of
	// the wrong type.
	required, _ := schema["required"].([]any)
	for _, r := range required {
		name, _ := r.(string)
		if _, ok := obj[name]; !ok || len(required) < 2 {
			continue // {} above covers a single one
		}
		changed := cloneMap(obj)
		delete(changed, name)
		body, _ := json.Marshal(changed)
		cs = append(cs, bad(name+" missing", "application/json", body))
	}
	for _, name := range names {
		inner, ok := obj[name].(map[string]any)
		if !ok {
			continue
		}
		innerSchema := f.resolve(orEmpty(asMap(props[name])))
		innerProps, _ := innerSchema["properties"].(map[string]any)
		innerNames := make([]string, 0, len(innerProps))
		for n := range innerProps {
			innerNames = append(innerNames, n)
		}
		slices.Sort(innerNames)
		for _, n := range innerNames {
			wrong := wrongTypeValue(f.resolve(orEmpty(asMap(innerProps[n]))))
			if wrong == nil {
				continue
			}
			changedInner := cloneMap(inner)
			changedInner[n] = wrong
			changed := cloneMap(obj)
			changed[name] = changedInner
			body, _ := json.Marshal(changed)
			cs = append(cs, bad(name+"."+n+" of the wrong type", "application/json", body))
		}
	}
	// Allowed by the document, but long: each string 10,000 characters,
	// then one string over any body limit.
	long := cloneMap(obj)
	huge := cloneMap(obj)
	hugeSet := false
	for _, name := range names {
		if _, ok := long[name].(string); ok {
			long[name] = strings.Repeat("Ω", 5000)
			if !hugeSet {
				huge[name] = strings.Repeat("x", 4<<20) // over the import's 3 MiB too
				hugeSet = true
			}
		}
	}
	body, _ := json.Marshal(long)
	cs = append(cs, fuzzCase{name: "long strings", path: valid.path, contentType: "application/json", body: body})
	if hugeSet {
		body, _ := json.Marshal(huge)
		cs = append(cs, fuzzCase{name: hugeCase, path: valid.path, contentType: "application/json", body: body})
	}
	return cs
}

// hugeCase goes to the shared world (contractFuzz.bulk): after refusing a
// body over its limit, Go's server waits half a second before closing the
// connection, and a server's Close waits for that.
const hugeCase = "a 4 MiB string"

func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }

func cloneMap(m map[string]any) map[string]any {
	c := make(map[string]any, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// firstType is the schema's type, the first that is not "null".
func firstType(schema map[string]any) string {
	switch t := schema["type"].(type) {
	case string:
		return t
	case []any:
		for _, e := range t {
			if s, _ := e.(string); s != "" && s != "null" {
				return s
			}
		}
	}
	if _, ok := schema["properties"]; ok {
		return "object"
	}
	return ""
}

// wrongTypeValue is a value of a type the schema does not allow, or nil
// when it allows any.
func wrongTypeValue(schema map[string]any) any {
	allowed := map[string]bool{}
	switch t := schema["type"].(type) {
	case string:
		allowed[t] = true
	case []any:
		for _, e := range t {
			s, _ := e.(string)
			allowed[s] = true
		}
	default:
		return nil
	}
	// The likeliest mix-ups first: a number sent as text, text as a number.
	switch {
	case !allowed["string"]:
		return "not the right type"
	case !allowed["integer"] && !allowed["number"]:
		return 12345
	case !allowed["object"]:
		return map[string]any{"unexpected": true}
	case !allowed["array"]:
		return []any{1}
	}
	return nil
}

// value builds a valid value for schema: the records' ids and addresses
// for the fields and parameters that name them, else the schema's own
// const, enum, example or default, else a plain value of its type.
func (f *contractFuzz) value(schema map[string]any, name string, role int, depth int) any {
	schema = f.resolve(schema)
	if v, ok := f.named(name, role, schema); ok {
		return v
	}
	if v, ok := schema["const"]; ok {
		return v
	}
	if enum, _ := schema["enum"].([]any); len(enum) > 0 {
		return enum[0]
	}
	if ex, _ := schema["examples"].([]any); len(ex) > 0 {
		return ex[0]
	}
	if ex, ok := schema["example"]; ok {
		return ex
	}
	if d, ok := schema["default"]; ok {
		return d
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		if alts, _ := schema[key].([]any); len(alts) > 0 {
			return f.value(orEmpty(asMap(alts[0])), name, role, depth+1)
		}
	}
	if all, _ := schema["allOf"].([]any); len(all) > 0 {
		merged := map[string]any{}
		for _, part := range all {
			if m, ok := f.value(orEmpty(asMap(part)), name, role, depth+1).(map[string]any); ok {
				for k, v := range m {
					merged[k] = v
				}
			}
		}
		return merged
	}
	if depth > 8 {
		return nil
	}
	switch firstType(schema) {
	case "object":
		out := map[string]any{}
		props, _ := schema["properties"].(map[string]any)
		for prop, s := range props {
			out[prop] = f.value(orEmpty(asMap(s)), prop, role, depth+1)
		}
		return out
	case "array":
		return []any{f.value(orEmpty(asMap(schema["items"])), strings.TrimSuffix(name, "s"), role, depth+1)}
	case "integer":
		if m, ok := schema["minimum"].(float64); ok {
			return int64(m)
		}
		return 1
	case "number":
		if m, ok := schema["minimum"].(float64); ok {
			return m
		}
		return 1.5
	case "boolean":
		return true
	case "null":
		return nil
	case "string":
		switch schema["format"] {
		case "date-time":
			return "2026-03-01T12:00:00Z"
		case "date":
			return "2026-03-01"
		case "email":
			return fuzzPerson
		}
		return "fuzz text"
	}
	return "fuzz text"
}

// named gives the seeded records to the fields and parameters that name
// them: the individual is who routes named by an address are about.
func (f *contractFuzz) named(name string, role int, schema map[string]any) (any, bool) {
	isInt := firstType(schema) == "integer"
	isString := firstType(schema) == "string"
	switch {
	case isInt && (name == "orgId" || name == "organizationId"):
		return f.refs.Org, true
	case isInt && (name == "codeId" || name == "qrCodeId"):
		return f.refs.Code, true
	case isInt && name == "projectId":
		return f.refs.Project, true
	case isInt && name == "templateId":
		return f.refs.Template, true
	case isInt && name == "linkId":
		return f.refs.Link, true
	case isInt && name == "userId":
		if strings.Contains(f.op.Path, "/team/") {
			return f.refs.Owner, true
		}
		return f.personID, true
	case isString && name == "token" && strings.Contains(f.op.Path, "/collect/"):
		return f.refs.LinkToken, true
	case isString && name == "orderId":
		return "LT-" + fuzzPerson, true
	case isString && (name == "email" || name == "contactEmail"):
		return fuzzPerson, true
	}
	return nil, false
}
