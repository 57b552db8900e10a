package api

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

//go:embed openapi.yaml
var documentYAML []byte

// Operation is one method on one path of the document.
type Operation struct {
	Method      string // GET, POST, ...
	Path        string // as the router registers it: /api/corporate/{orgId}/team
	OperationID string
	Roles       []string // x-lifetag-roles
	// Security names the ways of signing in the operation accepts
	// (components.securitySchemes): none for an anonymous route.
	Security     []string
	RateLimit    string   // x-lifetag-rate-limit: the stricter per-client limit it also passes, or ""
	FreshProof   bool     // x-lifetag-fresh-proof: it needs a fresh proof of who is signed in
	BodyTypes    []string // the media types its request body may have; none when it takes no body
	BodyRequired bool     // its request body must be sent
	Idempotent   bool     // it takes an Idempotency-Key header
	// IDParams are its path parameters that are numeric ids.
	IDParams []string
}

// resolveParameter is the parameter a "$ref" to components.parameters
// names, or p itself.
func resolveParameter(p map[string]any) map[string]any {
	ref, _ := p["$ref"].(string)
	name, ok := strings.CutPrefix(ref, "#/components/parameters/")
	if !ok {
		return p
	}
	components, _ := loaded["components"].(map[string]any)
	params, _ := components["parameters"].(map[string]any)
	resolved, _ := params[name].(map[string]any)
	return resolved
}

var (
	loadOnce   sync.Once
	loaded     map[string]any
	loadedJSON []byte
	loadErr    error
)

func load() {
	var doc any
	if loadErr = yaml.Unmarshal(documentYAML, &doc); loadErr != nil {
		loadErr = fmt.Errorf("openapi.yaml: %w", loadErr)
		return
	}
	tree, ok := jsonCompatible(doc).(map[string]any)
	if !ok {
		loadErr = fmt.Errorf("openapi.yaml: the document is not a mapping")
		return
	}
	loaded = tree
	loadedJSON, loadErr = json.Marshal(tree)
}

// jsonCompatible turns YAML's decoded maps into ones JSON can encode (YAML
// allows non-string keys, such as an unquoted status code).
func jsonCompatible(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = jsonCompatible(e)
		}
		return v
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[fmt.Sprint(k)] = jsonCompatible(e)
		}
		return m
	case []any:
		for i, e := range v {
			v[i] = jsonCompatible(e)
		}
		return v
	default:
		return v
	}
}

// YAML is the document as written.
func YAML() []byte { return documentYAML }

// JSON is the document as JSON (what GET /api/openapi.json serves).
func JSON() ([]byte, error) {
	loadOnce.Do(load)
	return loadedJSON, loadErr
}

// ETag is a strong validator of the document, for caching it.
func ETag() string {
	sum := sha256.Sum256(documentYAML)
	return `"` + hex.EncodeToString(sum[:8]) + `"`
}

var methods = []string{"get", "put", "post", "delete", "patch", "head", "options"}

// Operations lists every operation of the document, sorted by path and
// method.
func Operations() ([]Operation, error) {
	loadOnce.Do(load)
	if loadErr != nil {
		return nil, loadErr
	}
	paths, _ := loaded["paths"].(map[string]any)
	var ops []Operation
	for path, item := range paths {
		item, _ := item.(map[string]any)
		for _, m := range methods {
			op, ok := item[m].(map[string]any)
			if !ok {
				continue
			}
			o := Operation{Method: strings.ToUpper(m), Path: path}
			o.OperationID, _ = op["operationId"].(string)
			roles, _ := op["x-lifetag-roles"].([]any)
			for _, r := range roles {
				if s, ok := r.(string); ok {
					o.Roles = append(o.Roles, s)
				}
			}
			security, _ := op["security"].([]any)
			for _, requirement := range security {
				requirement, _ := requirement.(map[string]any)
				for scheme := range requirement {
					o.Security = append(o.Security, scheme)
				}
			}
			sort.Strings(o.Security)
			o.RateLimit, _ = op["x-lifetag-rate-limit"].(string)
			o.FreshProof, _ = op["x-lifetag-fresh-proof"].(bool)
			body, _ := op["requestBody"].(map[string]any)
			o.BodyRequired, _ = body["required"].(bool)
			content, _ := body["content"].(map[string]any)
			for mediaType := range content {
				o.BodyTypes = append(o.BodyTypes, mediaType)
			}
			sort.Strings(o.BodyTypes)
			pathParams, _ := item["parameters"].([]any)
			opParams, _ := op["parameters"].([]any)
			for _, p := range append(slices.Clone(pathParams), opParams...) {
				p, _ := p.(map[string]any)
				if ref, _ := p["$ref"].(string); ref == "#/components/parameters/IdempotencyKey" {
					o.Idempotent = true
				}
				p = resolveParameter(p)
				schema, _ := p["schema"].(map[string]any)
				if p["in"] == "path" && schema["type"] == "integer" {
					o.IDParams = append(o.IDParams, p["name"].(string))
				}
			}
			ops = append(ops, o)
		}
	}
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].Path != ops[j].Path {
			return ops[i].Path < ops[j].Path
		}
		return ops[i].Method < ops[j].Method
	})
	return ops, nil
}

// EnumProblems holds the document to a list kept in Go (named by source,
// such as "labels.Presets"): the schema components.schemas[schema] is an
// enum of exactly want, and no other enum of the document restates a
// member of want, but refers to the schema instead. It returns what
// differs, each naming the place in the document; none when it agrees.
func EnumProblems(schema, source string, want []string) ([]string, error) {
	loadOnce.Do(load)
	if loadErr != nil {
		return nil, loadErr
	}
	var problems []string
	where := "components.schemas." + schema
	components, _ := loaded["components"].(map[string]any)
	schemas, _ := components["schemas"].(map[string]any)
	s, ok := schemas[schema].(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("openapi.yaml has no %s: the contract's enum of %s", where, source)}, nil
	}
	have := enumMembers(s)
	for _, m := range want {
		if !slices.Contains(have, m) {
			problems = append(problems, fmt.Sprintf("openapi.yaml: %s's enum lacks %q, which %s has", where, m, source))
		}
	}
	for _, m := range have {
		if !slices.Contains(want, m) {
			problems = append(problems, fmt.Sprintf("openapi.yaml: %s's enum has %q, which %s lacks", where, m, source))
		}
	}
	walkEnums(loaded, "", func(at string, members []string) {
		if at == where {
			return
		}
		for _, m := range members {
			if slices.Contains(want, m) {
				problems = append(problems, fmt.Sprintf("openapi.yaml: %s restates members of %s (%q): refer to #/components/schemas/%s instead",
					at, source, m, schema))
				return
			}
		}
	})
	sort.Strings(problems)
	return problems, nil
}

// EnumAt is the enum of the schema at a dotted path of the document, such
// as "components.schemas.Project.properties.status", for a test holding an
// enum written inline to the list it restates.
func EnumAt(path string) ([]string, error) {
	loadOnce.Do(load)
	if loadErr != nil {
		return nil, loadErr
	}
	var node any = loaded
	for _, key := range strings.Split(path, ".") {
		m, _ := node.(map[string]any)
		node = m[key]
	}
	schema, _ := node.(map[string]any)
	if _, ok := schema["enum"].([]any); !ok {
		return nil, fmt.Errorf("openapi.yaml has no enum at %s", path)
	}
	return enumMembers(schema), nil
}

// Webhooks are the names of the document's webhooks (its events), sorted.
func Webhooks() ([]string, error) {
	loadOnce.Do(load)
	if loadErr != nil {
		return nil, loadErr
	}
	webhooks, _ := loaded["webhooks"].(map[string]any)
	var names []string
	for name := range webhooks {
		names = append(names, name)
	}
	sort.Strings(names)
	return names, nil
}

func enumMembers(schema map[string]any) []string {
	enum, _ := schema["enum"].([]any)
	var members []string
	for _, m := range enum {
		members = append(members, fmt.Sprint(m))
	}
	return members
}

// walkEnums calls found with every schema of the tree that has an enum,
// at its dotted path (components.schemas.LibraryCode.properties.labelType).
func walkEnums(tree any, at string, found func(at string, members []string)) {
	switch v := tree.(type) {
	case map[string]any:
		if _, ok := v["enum"].([]any); ok {
			found(at, enumMembers(v))
		}
		for k, e := range v {
			walkEnums(e, strings.TrimPrefix(at+"."+k, "."), found)
		}
	case []any:
		for i, e := range v {
			walkEnums(e, fmt.Sprintf("%s[%d]", at, i), found)
		}
	}
}
