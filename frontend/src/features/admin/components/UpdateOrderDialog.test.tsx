import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@/test/fetchMock";
import type { AdminOrder } from "../api/types";
import { UpdateOrderDialog } from "./UpdateOrderDialog";

const order: AdminOrder = {
  id: 1,
  orderId: "LT-ABC123",
  userId: 3,
  userEmail: "ann@example.com",
  labelType: "helmet",
  quantity: 1,
  price: 9.99,
  pricePence: 999,
  status: "processing",
  trackingNumber: null,
  createdAt: "2026-03-01T12:00:00Z",
};

describe("UpdateOrderDialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  // The station's fulfilment window shows it outside any router.
  it("asks before a typed tracking number is dropped, without a router", async () => {
    mockFetch({
      "GET /api/admin/physical-orders/LT-ABC123/history": () => ({ body: { history: [] } }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <UpdateOrderDialog order={order} onClose={onClose} />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText(/^Tracking Number/), "RM987654321GB");
    await user.keyboard("{Escape}");
    await user.click(await screen.findByRole("button", { name: "Keep editing" }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Tracking Number/)).toHaveValue("RM987654321GB");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(await screen.findByRole("button", { name: "Discard changes" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
