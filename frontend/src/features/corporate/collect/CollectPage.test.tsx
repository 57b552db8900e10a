import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { standardFields } from "@/lib/emergency/template";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

const consent =
  "Acme Scaffolding safety officers and the admins of Lifetag's printing service can see these details.";

const form = {
  organizationName: "Acme Scaffolding",
  templateName: "Standard Emergency Form",
  projectName: "Bridge site",
  fields: standardFields(),
  consent,
  update: false,
};

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Full Name/), "Ann Worker");
  await user.selectOptions(screen.getByLabelText(/^Blood Type/), "O+");
  await user.type(screen.getByLabelText(/^Emergency Contact Name/), "Sam Doe");
  await user.type(screen.getByLabelText(/^Emergency Contact Phone/), "+44 7700 900123");
}

describe("/collect/{token}", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("shows who asks and who sees the details, and sends them with consent", async () => {
    const fetch = mockFetch({
      "GET /api/collect/tok1": () => ({ body: form }),
      "POST /api/collect/tok1": (init) => {
        const body = JSON.parse(String(init.body)) as { consent: boolean };
        return body.consent
          ? {
              status: 201,
              body: { message: "Thank you — your details were sent to Acme Scaffolding." },
            }
          : {
              status: 400,
              body: { message: "Please confirm that you agree to share these details." },
            };
      },
    });
    const user = userEvent.setup();
    renderRoute("/collect/tok1");
    expect(await screen.findByRole("heading", { name: "Acme Scaffolding" })).toBeVisible();
    expect(screen.getByText(consent)).toBeVisible();
    // No site navigation: nothing suggests the worker needs an account.
    expect(screen.queryByRole("link", { name: /sign in|log in/i })).toBeNull();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please confirm that you agree to share these details.",
    );
    await waitFor(() => expect(screen.getByRole("alert")).toHaveFocus());
    await user.click(screen.getByRole("checkbox", { name: /I agree to share/ }));
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    expect(
      await screen.findByText("Thank you — your details were sent to Acme Scaffolding."),
    ).toBeVisible();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(posts[1]![1]!.body))).toEqual({
      consent: true,
      values: {
        fullName: "Ann Worker",
        bloodType: "O+",
        contact1Name: "Sam Doe",
        contact1Phone: "+44 7700 900123",
      },
    });
    expect(document.title).toBe("Your emergency details · Lifetag");
  });

  it("asks before typed details are left, and not once they were sent", async () => {
    mockFetch({
      "GET /api/collect/tok1": () => ({ body: form }),
      "POST /api/collect/tok1": () => ({ status: 201, body: { message: "Thank you." } }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute("/collect/tok1");
    await screen.findByRole("heading", { name: "Acme Scaffolding" });
    await fillIn(user);
    await router.navigate("/privacy");
    expect(await screen.findByRole("dialog", { name: "Discard your changes?" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/collect/tok1");
    await user.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue("Ann Worker");
    await user.click(screen.getByRole("checkbox", { name: /I agree to share/ }));
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    expect(await screen.findByText("Thank you.")).toBeVisible();
    await router.navigate("/privacy");
    await waitFor(() => expect(router.state.location.pathname).toBe("/privacy"));
  });

  it("checks the form before sending it", async () => {
    const fetch = mockFetch({ "GET /api/collect/tok1": () => ({ body: form }) });
    const user = userEvent.setup();
    renderRoute("/collect/tok1");
    await screen.findByRole("heading", { name: "Acme Scaffolding" });
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    await waitFor(() => expect(screen.getByLabelText(/^Full Name/)).toBeInvalid());
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("fills in the worker's own details on an update link", async () => {
    mockFetch({
      "GET /api/collect/upd": () => ({
        body: { ...form, update: true, values: { fullName: "Ann Worker", conditions: "Asthma" } },
      }),
    });
    renderRoute("/collect/upd");
    expect(await screen.findByLabelText(/^Full Name/)).toHaveValue("Ann Worker");
    expect(screen.getByLabelText(/^Medical Conditions/)).toHaveValue("Asthma");
  });

  it("confirms an update link's details as still right without sending the form", async () => {
    const fetch = mockFetch({
      "GET /api/collect/upd": () => ({
        body: { ...form, update: true, values: { fullName: "Ann Worker" } },
      }),
      "POST /api/collect/upd/confirm": () => ({
        body: { message: "Thank you — Acme Scaffolding now knows your details are still right." },
      }),
    });
    const user = userEvent.setup();
    renderRoute("/collect/upd");
    await user.click(await screen.findByRole("button", { name: "My details are still right" }));
    expect(
      await screen.findByText(
        "Thank you — Acme Scaffolding now knows your details are still right.",
      ),
    ).toBeVisible();
    // The confirmation alone: the form was not sent.
    expect(apiCalls(fetch).map(([url, init]) => `${init?.method ?? "GET"} ${String(url)}`)).toEqual(
      ["GET /api/collect/upd", "POST /api/collect/upd/confirm"],
    );
  });

  it("offers no confirmation on a shared link, which is no one's details yet", async () => {
    mockFetch({ "GET /api/collect/shared": () => ({ body: form }) });
    renderRoute("/collect/shared");
    expect(await screen.findByRole("button", { name: "Send my details" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "My details are still right" })).toBeNull();
  });

  it.each([
    [410, "This link is no longer valid. Please ask your safety officer for a new one."],
    [404, "This link is no longer valid. Please ask your safety officer for a new one."],
  ])("says plainly when a link cannot be used (%i)", async (status, message) => {
    mockFetch({ "GET /api/collect/old": () => ({ status, body: { message } }) });
    renderRoute("/collect/old");
    expect(await screen.findByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Send my details" })).toBeNull();
  });

  it.each([
    "This form is not accepting submissions right now. Please tell your safety officer.",
    "This form is closed for now: your employer's plan is full. Please ask your safety officer.",
  ])("tells the worker at once that the form is closed, and why: %s", async (closed) => {
    mockFetch({ "GET /api/collect/shut": () => ({ status: 403, body: { message: closed } }) });
    renderRoute("/collect/shut");
    // Nothing was typed, so nothing "was not sent".
    expect(
      await screen.findByRole("heading", { name: "This form is closed for now" }),
    ).toBeVisible();
    expect(screen.getByText(closed)).toBeVisible();
    expect(screen.queryByText("Your details were not sent")).toBeNull();
    expect(screen.queryByRole("button", { name: "Send my details" })).toBeNull();
  });

  it("tells a returning worker they already have a code, and no more", async () => {
    const returning =
      "You already have a Lifetag code with Acme Scaffolding, so no second one was made. To change your details, use a one-time update link: it has been sent to the e-mail address on your record, or, if your record has none, your safety officer has been asked to send you one.";
    mockFetch({
      "GET /api/collect/tok1": () => ({ body: form }),
      "POST /api/collect/tok1": () => ({ status: 409, body: { message: returning } }),
    });
    const user = userEvent.setup();
    renderRoute("/collect/tok1");
    await screen.findByRole("heading", { name: "Acme Scaffolding" });
    await fillIn(user);
    await user.click(screen.getByRole("checkbox", { name: /I agree to share/ }));
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    expect(
      await screen.findByRole("heading", { name: "You already have a Lifetag code" }),
    ).toBeVisible();
    expect(screen.getByText(returning)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Send my details" })).toBeNull();
  });

  it("shows a used link's message when it was used meanwhile", async () => {
    const used =
      "This link has already been used. Please ask your safety officer for a new one if your details need another change.";
    mockFetch({
      "GET /api/collect/upd": () => ({ body: { ...form, update: true, values: {} } }),
      "POST /api/collect/upd": () => ({ status: 410, body: { message: used } }),
    });
    const user = userEvent.setup();
    renderRoute("/collect/upd");
    await screen.findByRole("heading", { name: "Acme Scaffolding" });
    await fillIn(user);
    await user.click(screen.getByRole("checkbox", { name: /I agree to share/ }));
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    expect(await screen.findByText(used)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Send my details" })).toBeNull();
  });
});
