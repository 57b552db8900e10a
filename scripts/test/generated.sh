#!/usr/bin/env bash
# The API's wire types are generated from pkg/api/openapi.yaml: Go's by
# oapi-codegen (pkg/api/api.gen.go), the cloud's router and strict server
# by oapi-codegen too (cloud/http/apiserver/server.gen.go), the website's by
# openapi-typescript (frontend/src/lib/api/schema.d.ts). Regenerate both and fail when the
# result differs from what is committed: a change to the contract that the
# code does not follow, or generated code edited by hand.
set -euo pipefail
cd "$(dirname "$0")/../.."

generated=(pkg/api/api.gen.go cloud/http/apiserver/server.gen.go frontend/src/lib/api/schema.d.ts)
(cd pkg && go generate ./api)
(cd cloud && go generate ./http/apiserver)
(cd frontend && npm run --silent api:generate >/dev/null)
if ! git diff --exit-code -- "${generated[@]}"; then
  echo "The generated API types differ from pkg/api/openapi.yaml: run 'go generate ./api' in pkg, 'go generate ./http/apiserver' in cloud and 'npm run api:generate' in frontend, and commit the result." >&2
  exit 1
fi
for f in "${generated[@]}"; do
  if ! git ls-files --error-unmatch "$f" >/dev/null 2>&1; then
    echo "$f is generated but not committed." >&2
    exit 1
  fi
done
echo "contract: generated types match pkg/api/openapi.yaml"
