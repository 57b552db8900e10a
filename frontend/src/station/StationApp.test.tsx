import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionState } from "./api";
import { StationApp } from "./StationApp";

// The station's Go side as Wails binds it (window.go.main), holding a session state.
function bindGo(initial: Partial<SessionState>, warning = "") {
  let state: SessionState = {
    cloudUrl: "https://lifetag.app",
    firstRun: false,
    signedIn: false,
    email: "",
    kind: "",
    online: true,
    offlineSince: "",
    lastSynced: "",
    pending: 0,
    outOfDate: "",
    newerVersion: "",
    cloudUrlProblem: "",
    cloudUrlLocked: false,
    ...initial,
  };
  const session = {
    State: vi.fn(async () => state),
    SetCloudURL: vi.fn(
      async (url: unknown) => (state = { ...state, cloudUrl: String(url), firstRun: false }),
    ),
    SignIn: vi.fn(async (door: unknown, email: unknown, password: unknown) => {
      if (password !== "right") throw "Invalid email or password.";
      return (state = {
        ...state,
        signedIn: true,
        email: String(email),
        kind: door as SessionState["kind"],
      });
    }),
    // The website's account, signed in through the system browser.
    SignInWithBrowser: vi.fn(
      async () => (state = { ...state, signedIn: true, email: "ops@lifetag.test", kind: "admin" }),
    ),
    SignOut: vi.fn(async () => (state = { ...state, signedIn: false })),
  };
  const cloud = {
    // The orders panel's list: an empty page.
    Request: vi.fn(async () => ({
      status: 200,
      statusText: "OK",
      contentType: "application/json",
      body: btoa('{"orders":[],"total":0,"page":1,"pageSize":20}'),
    })),
  };
  const station = {
    Info: vi.fn(async () => ({ version: "0.1.0", os: "windows", browser: false, warning })),
  };
  window.go = { main: { Session: session, Cloud: cloud, Station: station } };
  return session;
}

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StationApp />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  delete window.go;
});

describe("StationApp", () => {
  it("asks for the cloud's address on the first run, then for a sign-in", async () => {
    const session = bindGo({ firstRun: true });
    renderApp();
    const address = await screen.findByLabelText(/^Cloud address/);
    expect(address).toHaveValue("https://lifetag.app");
    await userEvent.clear(address);
    await userEvent.type(address, "http://127.0.0.1:8080");
    await userEvent.click(screen.getByRole("button", { name: "Connect" }));
    expect(session.SetCloudURL).toHaveBeenCalledWith("http://127.0.0.1:8080");
    expect(await screen.findByText("Cloud: http://127.0.0.1:8080")).toBeInTheDocument();
  });

  it("shows the cloud's refusal, then the fulfilment queue for an admin", async () => {
    const session = bindGo({});
    renderApp();
    await userEvent.click(await screen.findByLabelText("Fulfilment admin"));
    await userEvent.type(screen.getByLabelText(/^Email/), "ann@lifetag.test");
    await userEvent.type(screen.getByLabelText(/^Password/), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password.");
    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.type(screen.getByLabelText(/^Password/), "right");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(session.SignIn).toHaveBeenLastCalledWith("admin", "ann@lifetag.test", "right");
    expect(await screen.findByRole("tab", { name: "Fulfilment" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByRole("tab", { name: "Batch" })).toBeDisabled();
    expect(screen.getByText("Online: https://lifetag.app")).toBeInTheDocument();
    expect(await screen.findByText("No orders found.")).toBeInTheDocument();
  });

  it("points an account with a second factor to the browser, which signs it in", async () => {
    const session = bindGo({});
    // pkg/client's ErrSecondStep, as the password door answers it.
    session.SignIn.mockRejectedValueOnce(
      "This account signs in with a passkey or an authenticator app: choose Sign in with your browser.",
    );
    renderApp();
    await userEvent.type(await screen.findByLabelText(/^Email/), "ops@lifetag.test");
    await userEvent.type(screen.getByLabelText(/^Password/), "right");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("choose Sign in with your browser");
    // Both doors offer it.
    await userEvent.click(screen.getByLabelText("Corporate user"));
    expect(screen.getByRole("button", { name: "Sign in with your browser" })).toBeVisible();
    await userEvent.click(screen.getByLabelText("Fulfilment admin"));
    await userEvent.click(screen.getByRole("button", { name: "Sign in with your browser" }));
    expect(session.SignInWithBrowser).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("tab", { name: "Fulfilment" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  it("says since when the cloud has not answered", async () => {
    bindGo({
      signedIn: true,
      email: "ann@lifetag.test",
      kind: "admin",
      online: false,
      offlineSince: "2026-11-23T09:05:00Z",
      pending: 2,
    });
    renderApp();
    expect(await screen.findByText(/^Offline since \d\d:\d\d\./)).toHaveTextContent(
      "2 changes waiting to be sent.",
    );
  });

  it("shows the cloud's message when it refuses this station as too old", async () => {
    const message = "This print station is out of date. Ask IT for version 0.2.0 or later.";
    bindGo({
      signedIn: true,
      email: "ann@lifetag.test",
      kind: "admin",
      online: false,
      offlineSince: "2026-11-23T09:05:00Z",
      pending: 1,
      outOfDate: message,
    });
    renderApp();
    expect(await screen.findByText(/^This print station is out of date\./)).toHaveTextContent(
      `${message} Printing keeps working; changes are sent once this station is upgraded. 1 change waiting to be sent.`,
    );
  });

  it("says a newer version is out when the cloud names one", async () => {
    bindGo({ signedIn: true, email: "ann@lifetag.test", kind: "admin", newerVersion: "0.2.0" });
    renderApp();
    expect(await screen.findByText(/^Online:/)).toHaveTextContent(
      "Lifetag Station 0.2.0 is out: ask IT to install it. This one keeps working.",
    );
  });

  it("says why the address IT set was not offered", async () => {
    const problem = "IT's cloud address for this machine is not a valid https:// address.";
    bindGo({ firstRun: true, cloudUrlProblem: problem });
    renderApp();
    expect(await screen.findByRole("alert")).toHaveTextContent(problem);
  });

  it("shows IT's locked address read-only", async () => {
    bindGo({ firstRun: true, cloudUrl: "https://lifetag.example.org", cloudUrlLocked: true });
    renderApp();
    const field = await screen.findByLabelText(/Cloud address/);
    expect(field).toHaveValue("https://lifetag.example.org");
    expect(field).toHaveAttribute("readonly");
    expect(
      screen.getByText("IT has set this address for every user of this computer."),
    ).toBeVisible();
  });

  it("tells what happened at start", async () => {
    const moved =
      "This station now uses the cloud at https://new.example.org, as set for this computer.";
    bindGo({}, moved);
    renderApp();
    expect(await screen.findByRole("alert")).toHaveTextContent(moved);
  });
});
