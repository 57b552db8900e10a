import { afterEach, describe, expect, it, vi } from "vitest";
import { dispositionFileName } from "@/lib/saveFile";
import { downloadLabel, type LibraryCode } from "./api";

const saved = vi.hoisted(() => vi.fn());
vi.mock("@/lib/saveFile", async (actual) => ({
  ...(await actual<typeof import("@/lib/saveFile")>()),
  saveFile: saved,
}));

function code(id: number, name: string): LibraryCode {
  return { id, name } as LibraryCode;
}

describe("a label's download name", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    saved.mockReset();
  });

  it("keeps a Chinese or Arabic worker's name as the server gives it", async () => {
    for (const [name, file] of [
      ["王秀英", "lifetag-王秀英.pdf"],
      ["محمد علي", "lifetag-محمد-علي.pdf"],
    ]) {
      vi.stubGlobal(
        "fetch",
        vi.fn(
          async () =>
            new Response("%PDF-", {
              headers: {
                "Content-Disposition": `attachment; filename="lifetag-qr-code-7.pdf"; filename*=UTF-8''${encodeURIComponent(file!)}`,
              },
            }),
        ),
      );
      await downloadLabel(4, code(7, name!), "pdf");
      expect(saved.mock.lastCall?.[1]).toBe(file);
    }
  });

  it("falls back to the code's id when the answer names no file", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("png")),
    );
    await downloadLabel(4, code(12, "王秀英"), "png");
    expect(saved.mock.lastCall?.[1]).toBe("lifetag-qr-code-12.png");
  });

  it("reads filename* before filename", () => {
    expect(
      dispositionFileName(
        `attachment; filename="lifetag-qr-code-3.pdf"; filename*=UTF-8''lifetag-%E7%8E%8B.pdf`,
      ),
    ).toBe("lifetag-王.pdf");
    expect(dispositionFileName(`attachment; filename="lifetag-qr-code-3.pdf"`)).toBe(
      "lifetag-qr-code-3.pdf",
    );
    expect(dispositionFileName(`attachment; filename*=UTF-8''%E0%A4`)).toBeNull();
    expect(dispositionFileName(null)).toBeNull();
  });
});
