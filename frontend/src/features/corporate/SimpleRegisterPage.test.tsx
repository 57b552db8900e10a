import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

const started = () => ({
  body: {
    registrationId: "r1",
    contactEmail: "boss@acme.example",
    message: "Check your email: we sent a link to confirm your address.",
  },
});

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Organization Name/), "Acme Scaffolding");
  await user.type(screen.getByLabelText(/^Contact Email/), "boss@acme.example");
}

function sent(fetch: ReturnType<typeof mockFetch>) {
  const [, init] = apiCalls(fetch)[0]!;
  return JSON.parse(String(init!.body)) as Record<string, string>;
}

// The trial asks for the organisation's country:
// it sets the paper and how the organisation's spreadsheet dates are read.
describe("/corporate/register (the free trial)", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("says a trial's allowance under the plan choice when the plan holds more", async () => {
    mockFetch({ "POST /api/corporate/register": started });
    const user = userEvent.setup();
    renderRoute("/corporate/register");
    const planField = await screen.findByLabelText(/^Subscription Plan/);
    const allowance = /^Trials hold up to 50 QR codes/;
    // Starter holds 50 anyway: nothing to explain.
    expect(screen.queryByText(allowance)).toBeNull();
    await user.selectOptions(planField, "professional");
    expect(
      screen.getByText("Trials hold up to 50 QR codes; the plan's 200 start when you subscribe."),
    ).toBeVisible();
    expect(planField).toHaveAccessibleDescription(
      "Trials hold up to 50 QR codes; the plan's 200 start when you subscribe.",
    );
  });

  it("starts on the United Kingdom and sends it", async () => {
    const fetch = mockFetch({ "POST /api/corporate/register": started });
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate/register");
    await fill(user);
    expect(screen.getByLabelText(/^Country/)).toHaveValue("United Kingdom");
    await user.click(screen.getByRole("button", { name: "Create Corporate Account" }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/corporate/register"));
    expect(sent(fetch)).toMatchObject({ name: "Acme Scaffolding", country: "United Kingdom" });
  });

  it("sends a chosen country", async () => {
    const fetch = mockFetch({ "POST /api/corporate/register": started });
    const user = userEvent.setup();
    renderRoute("/corporate/register");
    await fill(user);
    await user.selectOptions(screen.getByLabelText(/^Country/), "United States");
    await user.click(screen.getByRole("button", { name: "Create Corporate Account" }));
    await waitFor(() => expect(apiCalls(fetch)).toHaveLength(1));
    expect(sent(fetch).country).toBe("United States");
  });

  it("asks another country's name and sends nothing without it", async () => {
    const fetch = mockFetch({ "POST /api/corporate/register": started });
    const user = userEvent.setup();
    renderRoute("/corporate/register");
    await fill(user);
    await user.selectOptions(screen.getByLabelText(/^Country/), "Another country");
    await user.click(screen.getByRole("button", { name: "Create Corporate Account" }));
    expect(await screen.findByText("Please enter your country")).toBeVisible();
    expect(apiCalls(fetch)).toEqual([]);
    await user.type(screen.getByLabelText(/^Country name/), "Germany");
    await user.click(screen.getByRole("button", { name: "Create Corporate Account" }));
    await waitFor(() => expect(apiCalls(fetch)).toHaveLength(1));
    expect(sent(fetch).country).toBe("Germany");
  });
});
