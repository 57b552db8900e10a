import { useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { toast } from "@/components/ui/toast-store";
import { useDiscardQuestion } from "@/hooks/useDiscardGuard";
import { useOrderHistory, useUpdateOrder } from "../api/admin";
import { orderStatuses, type AdminOrder } from "../api/types";
import { adminCopy as copy } from "../copy";
import { toastFailure } from "@/components/ui/toastFailure";
import { formatDateTime } from "./format";

/** 'Update Order Status' (docs/design/admin-corporate.md §2): read-only order, a status select, tracking, and the history. */
export function UpdateOrderDialog(props: { order: AdminOrder | null; onClose: () => void }) {
  return props.order ? (
    <UpdateOrderForm key={props.order.orderId} order={props.order} onClose={props.onClose} />
  ) : null;
}

function UpdateOrderForm(props: { order: AdminOrder; onClose: () => void }) {
  const { order } = props;
  const update = useUpdateOrder();
  const history = useOrderHistory(order.orderId);
  const [status, setStatus] = useState<string>(order.status);
  const [tracking, setTracking] = useState(order.trackingNumber ?? "");
  // A changed status or a typed tracking number is asked for before Escape,
  // a click outside or Cancel drops it. The question alone, without a
  // route blocker: the station's fulfilment window shows this dialog too,
  // and it has no routes (on the website the modal covers the page's links).
  const guard = useDiscardQuestion(
    status !== order.status || tracking !== (order.trackingNumber ?? ""),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    update.mutate(
      { orderId: order.orderId, status, trackingNumber: tracking },
      {
        onSuccess: () => {
          toast({
            title: copy.toasts.success,
            description: copy.toasts.orderUpdated,
            variant: "success",
          });
          props.onClose();
        },
        onError: (error) =>
          toastFailure(error, copy.toasts.updateFailed, copy.toasts.updateFallback),
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && guard.leave(props.onClose)}>
      {guard.dialog}
      <DialogContent className="dialog dialog-small">
        <form onSubmit={submit} noValidate>
          <Dialog.Title>{copy.update.title}</Dialog.Title>
          <Dialog.Description className="visually-hidden">{order.orderId}</Dialog.Description>
          <div className="field">
            <label htmlFor="admin-order-id">{copy.update.orderId}</label>
            <input dir="auto" id="admin-order-id" readOnly value={order.orderId} />
          </div>
          <div className="field">
            <label htmlFor="admin-order-email">{copy.update.email}</label>
            <input
              dir="auto"
              id="admin-order-email"
              readOnly
              value={order.userEmail || copy.orders.unknown}
            />
          </div>
          <div className="field">
            <label htmlFor="admin-order-type">{copy.update.labelType}</label>
            <input dir="auto" id="admin-order-type" readOnly value={order.labelType} />
          </div>
          <div className="field">
            <label htmlFor="admin-order-status">{copy.update.status}</label>
            <select
              id="admin-order-status"
              value={status}
              onChange={(e) => setStatus(e.target.value)}
            >
              {orderStatuses.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="admin-order-tracking">
              {copy.update.tracking(status === "shipped")}
            </label>
            <input
              dir="auto"
              id="admin-order-tracking"
              required={status === "shipped"}
              value={tracking}
              maxLength={100}
              onChange={(e) => setTracking(e.target.value)}
            />
          </div>
          {history.data && history.data.history.length > 0 && (
            <div className="admin-history">
              <h3>{copy.update.history}</h3>
              <ol>
                {history.data.history.map((h, i) => (
                  <li key={i}>
                    {formatDateTime(h.changedAt)}: <strong>{h.status}</strong>
                    {h.trackingNumber ? ` (${h.trackingNumber})` : ""}
                    {h.changedBy ? `, ${h.changedBy}` : ""}
                  </li>
                ))}
              </ol>
            </div>
          )}
          <div className="dialog-actions">
            <Dialog.Close className="button button-secondary" type="button">
              {copy.update.cancel}
            </Dialog.Close>
            <button type="submit" className="button button-primary" disabled={update.isPending}>
              {copy.update.submit}
            </button>
          </div>
        </form>
      </DialogContent>
    </Dialog.Root>
  );
}
