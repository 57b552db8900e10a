import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiJson, type Wire } from "@/lib/api";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { signInStepCopy } from "./copy";
import { LazyFreshProofDialog } from "./LazyFreshProofDialog";
import { withFreshProof } from "./fresh-proof";

const c = signInStepCopy.freshProof;
const refusal = {
  message:
    "To make this change, confirm it is you: enter your password or a code from your authenticator app, or use your passkey, then try again.",
  reason: "fresh-proof-required",
};

function security(totp: boolean): Wire<"AccountSecurity"> {
  return {
    email: "ann@example.com",
    totp,
    passkeys: [],
    recoveryCodesLeft: totp ? 10 : 0,
    secondFactorRequired: false,
  };
}

/**
 * The dialog as the site mounts it (loaded when first needed), and a change
 * that needs a fresh proof; the change's outcome, settled either way.
 */
function renderWithDialog(): Promise<{ value?: unknown; error?: unknown }> {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <LazyFreshProofDialog />
    </QueryClientProvider>,
  );
  return withFreshProof(() =>
    apiJson<Wire<"RecoveryCodes">>("POST", "/api/account/recovery-codes"),
  ).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** Answers the change with the refusal until the identity is confirmed. */
function server(opts: { totp?: boolean; password?: string; code?: string } = {}) {
  let proved = false;
  const proofs: unknown[] = [];
  const fetch = mockFetch({
    "GET /api/account/security": () => ({ body: security(opts.totp ?? false) }),
    "POST /api/account/recovery-codes": () =>
      proved ? { body: { recoveryCodes: ["aaaa-bbbb"] } } : { status: 403, body: refusal },
    "POST /api/account/confirm-identity": (init) => {
      const body = JSON.parse(String(init.body)) as { password?: string; code?: string };
      proofs.push(body);
      proved =
        body.password === (opts.password ?? "ann-password") ||
        (opts.code !== undefined && body.code === opts.code);
      return proved
        ? { body: { message: "Thank you, that is you." } }
        : { status: 401, body: { message: "That is not right. Please try again." } };
    },
  });
  const changes = () =>
    apiCalls(fetch).filter(([url]) => String(url) === "/api/account/recovery-codes").length;
  return { proofs, changes };
}

describe("FreshProofDialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the password when a change needs a fresh proof, then makes the change", async () => {
    const { proofs, changes } = server();
    const user = userEvent.setup();
    const change = renderWithDialog();

    const dialog = await screen.findByRole("dialog", { name: c.title });
    expect(dialog).toHaveTextContent(c.intro);
    // The password field has the focus (the dialog frame's rule).
    const password = screen.getByLabelText(c.password);
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveAttribute("autocomplete", "current-password");

    // A wrong password: the server's words, and the dialog stays.
    await user.type(password, "wrong");
    await user.click(screen.getByRole("button", { name: c.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "That is not right. Please try again.",
    );
    expect(changes()).toBe(1);

    await user.clear(password);
    await user.type(password, "ann-password");
    await user.click(screen.getByRole("button", { name: c.submit }));
    expect(await change).toEqual({ value: { recoveryCodes: ["aaaa-bbbb"] } });
    expect(proofs).toEqual([
      { method: "password", password: "wrong" },
      { method: "password", password: "ann-password" },
    ]);
    expect(changes()).toBe(2);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("takes a code from the authenticator app when the account has one", async () => {
    const { proofs } = server({ totp: true, code: "123456" });
    const user = userEvent.setup();
    const change = renderWithDialog();

    await user.click(await screen.findByRole("button", { name: c.useTotp }));
    const code = screen.getByLabelText(c.totp);
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await user.type(code, " 123456 ");
    await user.click(screen.getByRole("button", { name: c.submit }));
    expect(await change).toEqual({ value: { recoveryCodes: ["aaaa-bbbb"] } });
    expect(proofs).toEqual([{ method: "totp", code: "123456" }]);
  });

  it("asks for something before sending, and offers no app code without an app", async () => {
    const { proofs } = server();
    const user = userEvent.setup();
    void renderWithDialog();

    await screen.findByRole("dialog", { name: c.title });
    await user.click(screen.getByRole("button", { name: c.submit }));
    expect(await screen.findByText(c.required)).toBeInTheDocument();
    expect(proofs).toEqual([]);
    expect(screen.queryByRole("button", { name: c.useTotp })).not.toBeInTheDocument();
  });

  it("gives the refusal back, without trying again, when the person cancels", async () => {
    const { proofs, changes } = server();
    const user = userEvent.setup();
    const change = renderWithDialog();

    await screen.findByRole("dialog", { name: c.title });
    await user.click(screen.getByRole("button", { name: c.cancel }));
    expect((await change).error).toMatchObject({ status: 403 });
    expect(proofs).toEqual([]);
    expect(changes()).toBe(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("leaves any other refusal alone", async () => {
    mockFetch({
      "POST /api/account/recovery-codes": () => ({
        status: 403,
        body: { message: "You can only access your own data." },
      }),
    });
    const change = renderWithDialog();
    expect((await change).error).toMatchObject({ status: 403 });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
