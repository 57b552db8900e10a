import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Organization Name/), "Acme Scaffolding");
  await user.type(screen.getByLabelText(/^Contact First Name/), "Jane");
  await user.type(screen.getByLabelText(/^Contact Last Name/), "Doe");
  await user.type(screen.getByLabelText(/^Contact Email/), "jane@acme.example");
  await user.type(screen.getByLabelText(/^Phone Number/), "+44 20 7946 0000");
  await user.selectOptions(screen.getByLabelText(/^Organization Type/), "construction");
  await user.selectOptions(screen.getByLabelText(/^Employee Count/), "51-200");
  await user.selectOptions(screen.getByLabelText(/^Subscription Plan/), "professional");
  await user.type(screen.getByLabelText(/^Address/), "1 Long Street, Leeds");
  await user.type(screen.getByLabelText(/^City/), "Leeds");
  await user.type(screen.getByLabelText(/^Country/), "United Kingdom");
}

describe("/corporate-register", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("shows the spec's messages and sends nothing for an empty form", async () => {
    const fetch = mockFetch({});
    const user = userEvent.setup();
    renderRoute("/corporate-register");
    await user.click(await screen.findByRole("button", { name: "Continue to Payment" }));
    expect(
      await screen.findByText("Organization name must be at least 2 characters"),
    ).toBeVisible();
    expect(screen.getByText("Please select a subscription plan")).toBeVisible();
    expect(screen.getByText("Please enter your full address")).toBeVisible();
    expect(apiCalls(fetch)).toEqual([]);
  });

  it("sends the form and goes to the checkout the server names", async () => {
    const fetch = mockFetch({
      "POST /api/corporate/create-payment-intent": () => ({
        body: {
          sessionId: "cs_local_r1",
          registrationId: "r1",
          redirectUrl: "/corporate-test-checkout?session_id=cs_local_r1&registration_id=r1",
        },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate-register");
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/corporate-test-checkout"));
    const [, init] = apiCalls(fetch)[0]!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      organizationName: "Acme Scaffolding",
      subscriptionPlan: "professional",
      requirements: "",
    });
  });

  it("asks before a half-typed registration is left", async () => {
    mockFetch({});
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate-register");
    await user.type(await screen.findByLabelText(/^Organization Name/), "Acme Scaffolding");
    await router.navigate("/corporate-benefits");
    expect(await screen.findByRole("dialog", { name: "Discard your changes?" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/corporate-register");
    await user.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(screen.getByLabelText(/^Organization Name/)).toHaveValue("Acme Scaffolding");
  });

  it("shows Registration Failed with the server's message", async () => {
    mockFetch({
      "POST /api/corporate/create-payment-intent": () => ({
        status: 409,
        body: { message: "An account already exists for this email address. Please sign in." },
      }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate-register");
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: "Registration Failed",
        description: "An account already exists for this email address. Please sign in.",
      }),
    );
  });
});
