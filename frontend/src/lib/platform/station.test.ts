import { afterEach, describe, expect, it, vi } from "vitest";
import { apiJson, ApiError } from "@/lib/api";
import { installPlatform } from "./index";
import { callGo, stationPlatform } from "./station";
import { webPlatform } from "./web";

afterEach(() => {
  delete window.go;
  vi.unstubAllGlobals();
  installPlatform(webPlatform);
});

describe("callGo", () => {
  it("calls the Wails binding when the window has one, with the Go error's text on failure", async () => {
    const signIn = vi.fn(async () => ({ signedIn: true }));
    const fail = vi.fn(() => Promise.reject("Invalid email or password."));
    window.go = { main: { Session: { SignIn: signIn, SignOut: fail } } };
    await expect(callGo("Session", "SignIn", "admin", "a@b.co", "pw")).resolves.toEqual({
      signedIn: true,
    });
    expect(signIn).toHaveBeenCalledWith("admin", "a@b.co", "pw");
    await expect(callGo("Session", "SignOut")).rejects.toThrow("Invalid email or password.");
    // A method the Go side lacks (the type check refuses it at compile time).
    const untyped = callGo as (struct: string, method: string) => Promise<unknown>;
    await expect(untyped("Session", "Nothing")).rejects.toThrow(
      "The station has no Session.Nothing.",
    );
  });

  it("posts to the loopback bridge without Wails, as JSON arguments", async () => {
    const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () =>
      Response.json({ error: "The cloud did not answer." }, { status: 500 }),
    );
    vi.stubGlobal("fetch", fetch);
    await expect(callGo("Cloud", "Request", "GET", "/api/x", {}, "")).rejects.toThrow(
      "The cloud did not answer.",
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/bridge/Cloud/Request");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('["GET","/api/x",{},""]');
  });
});

describe("stationPlatform", () => {
  it("carries the features' API calls through Cloud.Request, status and body intact", async () => {
    const request = vi.fn(async () => ({
      status: 403,
      statusText: "Forbidden",
      contentType: "application/json",
      body: btoa('{"message":"Admins only."}'),
    }));
    window.go = { main: { Cloud: { Request: request } } };
    installPlatform(stationPlatform);
    const error = await apiJson("PUT", "/api/admin/physical-orders/o1", {
      status: "shipped",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).body).toBe('{"message":"Admins only."}');
    expect(request).toHaveBeenCalledWith(
      "PUT",
      "/api/admin/physical-orders/o1",
      expect.objectContaining({ "content-type": "application/json" }),
      '{"status":"shipped"}',
    );
  });

  it("passes binary answers (a label PDF) and sends PDFs to Printing.PrintPDF as base64", async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80]);
    const print = vi.fn(async () => "saved");
    window.go = {
      main: {
        Cloud: {
          Request: async () => ({
            status: 200,
            statusText: "OK",
            contentType: "application/pdf",
            body: btoa(String.fromCharCode(...pdf)),
          }),
        },
        Printing: { PrintPDF: print },
      },
    };
    const response = await stationPlatform.fetch("/api/admin/physical-orders/o1/labels.pdf", {
      method: "POST",
    });
    const blob = await response.blob();
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
    await expect(stationPlatform.printPdf(blob, "order.pdf")).resolves.toBe("saved");
    expect(print).toHaveBeenCalledWith(btoa(String.fromCharCode(...pdf)), "order.pdf");
  });

  it("answers a 204 without a body", async () => {
    window.go = {
      main: {
        Cloud: {
          Request: async () => ({ status: 204, statusText: "", contentType: "", body: null }),
        },
      },
    };
    const response = await stationPlatform.fetch("/api/x", { method: "DELETE" });
    expect(response.status).toBe(204);
  });
});

describe("stationPlatform.printBatch", () => {
  it("leaves the batch to the PDF's path without a printer, else prints it on the station", async () => {
    let printer = "";
    const print = vi.fn(async () => ({ labels: 2, runSent: true }));
    const cancel = vi.fn(async () => true);
    window.go = {
      main: {
        Printing: { Settings: vi.fn(async () => ({ printer, dialog: false })) },
        Library: {
          Print: print,
          Cancel: cancel,
          Progress: vi.fn(async () => ({ done: 2, total: 2 })),
        },
      },
    };
    const job = { codeIds: [4, 4, 7], layout: "avery-5163", start: 3 };
    await expect(stationPlatform.printBatch!(job, () => {})).resolves.toBe("none");
    expect(print).not.toHaveBeenCalled();

    printer = "Office";
    await expect(stationPlatform.printBatch!(job, () => {})).resolves.toBe("printer");
    expect(print).toHaveBeenCalledWith({
      codeIds: [4, 4, 7],
      layout: "avery-5163",
      start: 3,
      copies: 1,
    });
    await stationPlatform.cancelBatch!();
    expect(cancel).toHaveBeenCalled();
  });
});
