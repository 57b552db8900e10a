import { beforeEach, describe, expect, it } from "vitest";
import { QUEUE_STORAGE_KEY, useQueueStore } from "./queueStore";

const helmet = { id: 7, name: "Ann Worker", projectName: "North Site", labelType: "helmet" };
const wallet = { id: 9, name: "Bob Rigger", projectName: "", labelType: "wallet" };

describe("the print queue", () => {
  beforeEach(() => {
    sessionStorage.clear();
    useQueueStore.setState({ orgId: 4, items: [] });
  });

  it("adds codes as items with batch_ ids, in order", () => {
    useQueueStore.getState().add([helmet, wallet]);
    const items = useQueueStore.getState().items;
    expect(items.map((i) => [i.codeId, i.name, i.projectName, i.labelType])).toEqual([
      [7, "Ann Worker", "North Site", "helmet"],
      [9, "Bob Rigger", "", "wallet"],
    ]);
    expect(items[0]!.id).toMatch(/^batch_\d+_[a-z0-9]+$/);
    expect(items[0]!.id).not.toBe(items[1]!.id);
  });

  it("duplicates an item as a copy of the same code, just after it", () => {
    useQueueStore.getState().add([helmet, wallet]);
    const first = useQueueStore.getState().items[0]!;
    useQueueStore.getState().duplicate(first.id);
    const items = useQueueStore.getState().items;
    expect(items.map((i) => i.name)).toEqual(["Ann Worker", "Ann Worker (Copy)", "Bob Rigger"]);
    expect(items[1]!.codeId).toBe(7);
    expect(items[1]!.id).not.toBe(first.id);
    useQueueStore.getState().duplicate("batch_nope");
    expect(useQueueStore.getState().items).toHaveLength(3);
  });

  it("removes one item and clears them all", () => {
    useQueueStore.getState().add([helmet, wallet]);
    useQueueStore.getState().remove(useQueueStore.getState().items[0]!.id);
    expect(useQueueStore.getState().items.map((i) => i.codeId)).toEqual([9]);
    useQueueStore.getState().clear();
    expect(useQueueStore.getState().items).toEqual([]);
    expect(sessionStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
  });

  it("keeps the queue in this tab's sessionStorage, so a reload keeps it", async () => {
    useQueueStore.getState().add([helmet]);
    const raw = sessionStorage.getItem(QUEUE_STORAGE_KEY)!;
    expect((JSON.parse(raw) as { items: unknown[] }).items).toHaveLength(1);
    expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
    // A reload: the page's state is gone, the tab's storage is not.
    useQueueStore.setState({ items: [] });
    sessionStorage.setItem(QUEUE_STORAGE_KEY, raw);
    await useQueueStore.persist.rehydrate();
    expect(useQueueStore.getState().items.map((i) => i.name)).toEqual(["Ann Worker"]);
  });

  it("drops a stored queue that is not a list of items", async () => {
    sessionStorage.setItem(
      QUEUE_STORAGE_KEY,
      JSON.stringify({ orgId: 4, items: [{ id: "batch_1", codeId: "7" }] }),
    );
    await useQueueStore.persist.rehydrate();
    expect(useQueueStore.getState().items).toEqual([]);
    expect(sessionStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
  });

  it("drops a queue another organisation's session left in this tab", () => {
    useQueueStore.getState().add([helmet]);
    useQueueStore.getState().adopt(4);
    expect(useQueueStore.getState().items).toHaveLength(1);
    useQueueStore.getState().adopt(5);
    expect(useQueueStore.getState()).toMatchObject({ orgId: 5, items: [] });
  });
});
