import { useEffect } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { printPdf } from "@/lib/print";
import { useCustomerData, useOrderLabels, useShippingAddress } from "../api/admin";
import { adminCopy as copy } from "../copy";
import { toastFailure } from "@/components/ui/toastFailure";
import { formatDateTime } from "./format";

/**
 * 'Customer Emergency Data' (docs/design/admin-corporate.md §2): what the labels will carry, the
 * printing instructions, and Print Labels for an order, which prints the
 * label engine's PDF exactly as the customer's own Print does.
 */
export function CustomerDataDialog(props: {
  userId: number | null;
  orderId: string | null;
  onClose: () => void;
}) {
  const data = useCustomerData(props.userId);
  const labels = useOrderLabels();
  const shipping = useShippingAddress(props.orderId);
  const address = shipping.data?.shippingAddress ?? null;
  const { onClose } = props;

  useEffect(() => {
    if (data.isError) {
      toastFailure(data.error, copy.toasts.loadFailed, copy.toasts.customerFallback);
      onClose();
    }
  }, [data.isError, data.error, onClose]);

  const record = data.data?.emergencyData ?? null;
  const c = copy.customer;
  return (
    <Dialog.Root open={props.userId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="dialog admin-customer-dialog">
        <Dialog.Title>{c.title}</Dialog.Title>
        <Dialog.Description className="visually-hidden">{props.orderId ?? ""}</Dialog.Description>
        {data.isLoading || !data.data ? (
          <div className="spinner" role="status" aria-label={copy.loading} />
        ) : (
          <div className="admin-customer">
            <dl className="summary-list">
              <div>
                <dt>{c.email}</dt>
                <dd>{data.data.user.email}</dd>
              </div>
              <div>
                <dt>{c.printAccess}</dt>
                <dd>{data.data.user.hasPrintAccess ? c.granted : c.notGranted}</dd>
              </div>
              {record && (
                <div>
                  <dt>{c.lastUpdated}</dt>
                  <dd>{formatDateTime(record.lastUpdated)}</dd>
                </div>
              )}
            </dl>
            {record ? (
              <>
                <h3>{c.personal}</h3>
                <dl className="summary-list">
                  <div>
                    <dt>{c.fullName}</dt>
                    <dd>{record.personalInfo.fullName}</dd>
                  </div>
                  <div>
                    <dt>{c.dateOfBirth}</dt>
                    <dd>{record.personalInfo.dateOfBirth || "—"}</dd>
                  </div>
                  <div>
                    <dt>{c.bloodType}</dt>
                    <dd>{record.personalInfo.bloodType || "—"}</dd>
                  </div>
                  <div>
                    <dt>{c.weight}</dt>
                    <dd>{record.personalInfo.weight ? `${record.personalInfo.weight} kg` : "—"}</dd>
                  </div>
                </dl>
                <h3>{c.contacts}</h3>
                <ul className="admin-contacts">
                  {(record.emergencyContacts ?? []).map((contact) => (
                    <li key={contact.id}>
                      {contact.name} ({contact.relationship}): {contact.phone}
                    </li>
                  ))}
                </ul>
                <h3>{c.medical}</h3>
                <dl className="summary-list">
                  <div>
                    <dt>{c.allergies}</dt>
                    <dd>{record.medicalInfo.allergies || "—"}</dd>
                  </div>
                  <div>
                    <dt>{c.medications}</dt>
                    <dd>{record.medicalInfo.medications || "—"}</dd>
                  </div>
                  <div>
                    <dt>{c.conditions}</dt>
                    <dd>{record.medicalInfo.conditions || "—"}</dd>
                  </div>
                  <div>
                    <dt>{c.notes}</dt>
                    <dd>{record.medicalInfo.notes || "—"}</dd>
                  </div>
                </dl>
              </>
            ) : (
              <p className="hint">{c.noData}</p>
            )}
            {props.orderId && shipping.isSuccess && (
              <>
                <h3>{c.shipTo}</h3>
                {address ? (
                  <p className="admin-address">
                    {[
                      address.fullName,
                      address.addressLine1,
                      address.addressLine2,
                      address.city,
                      address.county,
                      address.postcode,
                      address.country,
                    ]
                      .filter(Boolean)
                      .join("\n")}
                  </p>
                ) : (
                  <p className="hint">{c.noAddress}</p>
                )}
              </>
            )}
            {props.orderId && (
              <div className="note note-blue">
                <p className="note-title">{c.instructionsTitle}</p>
                <ol>
                  {c.instructions.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ol>
                <p>{c.afterPrint}</p>
              </div>
            )}
          </div>
        )}
        <div className="dialog-actions">
          <Dialog.Close className="button button-secondary">{c.close}</Dialog.Close>
          {props.orderId && record && (
            <button
              type="button"
              className="button button-primary"
              disabled={labels.isPending}
              onClick={() =>
                labels.mutate(props.orderId!, {
                  onSuccess: (pdf) => void printPdf(pdf),
                  onError: (error) =>
                    toastFailure(error, copy.toasts.loadFailed, copy.toasts.customerFallback),
                })
              }
            >
              {labels.isPending ? c.printing : c.printLabels}
            </button>
          )}
        </div>
      </DialogContent>
    </Dialog.Root>
  );
}
