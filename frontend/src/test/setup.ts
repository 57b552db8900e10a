import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Vitest runs without globals, so Testing Library cannot register this itself.
afterEach(cleanup);

// A route's code loads lazily on first use; on a busy 2-core machine that
// alone can take over a second, Testing Library's default wait.
configure({ asyncUtilTimeout: 5000 });
