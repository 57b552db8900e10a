// The platform in use: the website's unless an entry installs another
// (src/station/main.tsx installs the station's before it renders), so the
// website's bundle never holds the station's code.
import type { Platform } from "./types";
import { webPlatform } from "./web";

export type { BatchJob, BatchProgress, Platform, PrintOutcome } from "./types";

let current: Platform = webPlatform;

export function platform(): Platform {
  return current;
}

export function installPlatform(p: Platform) {
  current = p;
}
