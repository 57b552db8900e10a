// scripts/test/e2e.sh starts a cloud for each Playwright worker and lists
// their addresses (E2E_BASE_URLS) and outboxes (E2E_OUTBOXES), space
// separated, in worker order; the station's script gives one of each
// (E2E_BASE_URL, E2E_OUTBOX). Playwright sets TEST_PARALLEL_INDEX in each
// worker, and loads this config there too.

/** This worker's entry of the list in `listName`, else the value of `single`. */
export function forThisWorker(listName: string, single: string): string | undefined {
  const list = process.env[listName]?.split(" ").filter(Boolean) ?? [];
  if (list.length === 0) return process.env[single];
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  if (!list[index]) throw new Error(`${listName} has no entry for worker ${index}`);
  return list[index];
}

/** The development outbox of this worker's cloud. */
export function outboxDir(): string {
  const outbox = forThisWorker("E2E_OUTBOXES", "E2E_OUTBOX");
  if (!outbox) throw new Error("E2E_OUTBOXES is not set (scripts/test/e2e.sh sets it)");
  return outbox;
}
