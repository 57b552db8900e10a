// The API's wire shapes, generated from the one contract
// (pkg/api/openapi.yaml → schema.d.ts by `npm run api:generate`). Features
// name the shapes they send and receive from here instead of writing their
// own copies: `type LibraryPage = Wire<"LibraryPage">`.
import type { components, operations, paths } from "./schema";

export type Wire<Name extends keyof components["schemas"]> = components["schemas"][Name];

export type { components, operations, paths };
