import "@testing-library/jest-dom/vitest";
// jsdom has no canvas: pages that draw a QR code get a stand-in 2D context
// here. What the browser really draws is read back with zbar in
// e2e/visitor.spec.ts; the symbol itself in src/lib/qr/generate.test.ts.
import "vitest-canvas-mock";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Vitest runs without globals, so Testing Library cannot register this itself.
afterEach(cleanup);

// findBy/waitFor wait up to 1 s by default; a lazily loaded route on a busy
// 2-core machine can take many seconds to appear. Waiting longer never makes
// a passing test slower, and a failing one still fails.
configure({ asyncUtilTimeout: 20_000 });
