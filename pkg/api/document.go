package api

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
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
