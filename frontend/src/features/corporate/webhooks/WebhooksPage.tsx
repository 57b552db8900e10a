import { useState, type FormEvent, type ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { BusyButton } from "@/components/ui/BusyButton";
import { CopyField } from "@/components/ui/CopyField";
import { TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { toastFailure } from "@/components/ui/toastFailure";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { AccessDenied } from "../components/AccessDenied";
import { IssuedList, ShownOnce } from "../components/IssuedList";
import { corporateCopy } from "../copy";
import { useOrganizationId } from "../hooks";
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useSetWebhookEnabled,
  useWebhookDeliveries,
  useWebhookEndpoints,
  type WebhookEndpoint,
  type WebhookEventType,
} from "./api";
import { webhooksCopy as copy } from "./copy";
import { siteLocale } from "@/lib/copy";

const timeFormat = new Intl.DateTimeFormat(siteLocale, {
  dateStyle: "medium",
  timeStyle: "medium",
});

/** /corporate/webhooks(/{orgId}): the owner's webhook endpoints (the server refuses anyone else). */
export function WebhooksPage() {
  const orgId = useOrganizationId();
  const endpoints = useWebhookEndpoints(orgId ?? null);
  if (orgId === undefined || (orgId !== null && endpoints.isPending)) {
    return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  }
  if (orgId === null || !endpoints.data)
    return <AccessDenied error={endpoints.error} onRetry={() => void endpoints.refetch()} />;
  return (
    <EndpointsView
      orgId={orgId}
      endpoints={endpoints.data.endpoints}
      events={endpoints.data.events}
    />
  );
}

function EndpointsView(props: {
  orgId: number;
  endpoints: WebhookEndpoint[];
  events: WebhookEventType[];
}) {
  const remove = useDeleteWebhookEndpoint(props.orgId);
  const setEnabled = useSetWebhookEnabled(props.orgId);
  const rotate = useRotateWebhookSecret(props.orgId);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  // IssuedList offers Delete on "active" items: every endpoint may be deleted.
  const items = props.endpoints.map((e) => ({ ...e, status: "active" }));
  return (
    <>
      <IssuedList
        className="webhooks-page"
        copy={copy}
        orgId={props.orgId}
        items={items}
        manage
        head={[copy.url, ...Object.values(copy.columns)].map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
        row={(e) => (
          <>
            <th scope="row">
              <code>{e.url}</code>
              {e.description && <div className="hint">{e.description}</div>}
            </th>
            <td data-label={copy.columns.events}>
              {e.events.map((ev) => copy.eventNames[ev] ?? ev).join(", ")}
            </td>
            <td data-label={copy.columns.record}>
              {e.includeRecord ? copy.withRecord : copy.withoutRecord}
            </td>
            <td data-label={copy.columns.status}>
              {e.enabled ? copy.enabled : copy.disabled}
              {e.disabledReason && <div className="hint">{e.disabledReason}</div>}
              {!e.enabled && e.missedSince && (
                <div className="hint">
                  {copy.missedSince(timeFormat.format(Date.parse(e.missedSince)))}
                </div>
              )}
            </td>
            <td data-label={copy.columns.actions}>
              <div className="pills">
                <button
                  type="button"
                  className="button button-small button-secondary"
                  aria-label={`${copy.deliveries}: ${e.url}`}
                  onClick={() => setLog(e)}
                >
                  {copy.deliveries}
                </button>
                <button
                  type="button"
                  className="button button-small button-secondary"
                  aria-label={`${e.enabled ? copy.turnOff : copy.turnOn}: ${e.url}`}
                  onClick={() =>
                    setEnabled.mutate(
                      { id: e.id, enabled: !e.enabled },
                      { onError: (error) => toastFailure(error, copy.failed) },
                    )
                  }
                >
                  {e.enabled ? copy.turnOff : copy.turnOn}
                </button>
                <button
                  type="button"
                  className="button button-small button-secondary"
                  aria-label={`${copy.rotate}: ${e.url}`}
                  onClick={() =>
                    rotate.mutate(e.id, {
                      onSuccess: (answer) => setSecret(answer.secret),
                      onError: (error) => toastFailure(error, copy.failed),
                    })
                  }
                >
                  {copy.rotate}
                </button>
              </div>
            </td>
          </>
        )}
        revokeLabel={(e) => `${copy.revoke}: ${e.url}`}
        revokeDescription={(e) => copy.revokeDescription(e.url)}
        revoke={(e, done) => remove.mutate(e.id, done)}
        createDialog={(open, onClose) =>
          open ? (
            <CreateEndpointForm orgId={props.orgId} events={props.events} onClose={onClose} />
          ) : null
        }
      />
      {secret !== null && (
        <Dialog.Root open onOpenChange={(open) => !open && setSecret(null)}>
          <DialogContent className="dialog dialog-small">
            <ShownOnce
              title={<Dialog.Title>{copy.rotated}</Dialog.Title>}
              description={<Dialog.Description>{copy.rotatedOnce}</Dialog.Description>}
              done={copy.done}
              onDone={() => setSecret(null)}
            >
              <SecretShare secret={secret} />
            </ShownOnce>
          </DialogContent>
        </Dialog.Root>
      )}
      {log !== null && (
        <DeliveriesDialog orgId={props.orgId} endpoint={log} onClose={() => setLog(null)} />
      )}
    </>
  );
}

function CreateEndpointForm(props: {
  orgId: number;
  events: WebhookEventType[];
  onClose: () => void;
}) {
  const create = useCreateWebhookEndpoint(props.orgId);
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(props.events);
  const [includeRecord, setIncludeRecord] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const guard = useDiscardGuard(
    secret === null && (url.trim() !== "" || description.trim() !== ""),
  );
  const shell = (body: ReactNode) => (
    <Dialog.Root open onOpenChange={(open) => !open && guard.leave(props.onClose)}>
      {guard.dialog}
      <DialogContent className="dialog dialog-small">{body}</DialogContent>
    </Dialog.Root>
  );
  if (secret) {
    return shell(
      <ShownOnce
        title={<Dialog.Title>{copy.created}</Dialog.Title>}
        description={<Dialog.Description>{copy.createdOnce}</Dialog.Description>}
        done={copy.done}
        onDone={props.onClose}
      >
        <SecretShare secret={secret} />
      </ShownOnce>,
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { url: url.trim(), description: description.trim(), events, includeRecord },
      {
        onSuccess: (answer) => setSecret(answer.secret),
        onError: (error) => toastFailure(error, copy.failed),
      },
    );
  };
  return shell(
    <form onSubmit={submit} noValidate>
      <Dialog.Title>{copy.create}</Dialog.Title>
      <Dialog.Description className="visually-hidden">{copy.intro}</Dialog.Description>
      <TextField
        label={copy.url}
        hint={copy.urlHint}
        type="url"
        value={url}
        required
        maxLength={2000}
        autoComplete="off"
        onChange={(e) => setUrl(e.target.value)}
      />
      <TextField
        label={copy.description}
        value={description}
        maxLength={200}
        autoComplete="off"
        onChange={(e) => setDescription(e.target.value)}
      />
      <fieldset>
        <legend>{copy.events}</legend>
        {props.events.map((ev) => (
          <label key={ev} className="checkbox-row">
            <input
              type="checkbox"
              checked={events.includes(ev)}
              onChange={(e) =>
                setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))
              }
            />
            {copy.eventNames[ev] ?? ev}
          </label>
        ))}
      </fieldset>
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={includeRecord}
          onChange={(e) => setIncludeRecord(e.target.checked)}
        />
        {copy.includeRecord}
      </label>
      <p className="hint">{copy.includeRecordHint}</p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => guard.leave(props.onClose)}
        >
          {copy.cancel}
        </button>
        <BusyButton
          className="button button-primary"
          busy={create.isPending}
          busyLabel={copy.creating}
        >
          {copy.create}
        </BusyButton>
      </div>
    </form>,
  );
}

/** An endpoint's delivery log, newest first, each attempt with Resend;
 * older pages on asking (Load older deliveries). */
function DeliveriesDialog(props: {
  orgId: number;
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const log = useWebhookDeliveries(props.orgId, props.endpoint.id);
  const resend = useResendWebhookDelivery(props.orgId, props.endpoint.id);
  const deliveries = log.data?.pages.flatMap((page) => page.deliveries) ?? [];
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="dialog">
        <Dialog.Title>{copy.logTitle}</Dialog.Title>
        <Dialog.Description>
          <code>{props.endpoint.url}</code>
        </Dialog.Description>
        {log.isPending ? (
          <p className="loading">{corporateCopy.dashboard.loading}</p>
        ) : deliveries.length === 0 ? (
          <p className="hint">{copy.logNone}</p>
        ) : (
          <div className="table-scroll" role="region" aria-label={copy.logTitle} tabIndex={0}>
            <table className="analytics-table stack-table">
              <thead>
                <tr>
                  {Object.values(copy.logColumns).map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">{copy.resend}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((d) => (
                  <tr key={d.id}>
                    <td data-label={copy.logColumns.time}>
                      {timeFormat.format(Date.parse(d.attemptedAt))}
                    </td>
                    <td data-label={copy.logColumns.event}>{copy.eventNames[d.type] ?? d.type}</td>
                    <td data-label={copy.logColumns.result}>
                      {d.succeeded ? copy.succeeded : copy.failedAttempt}
                    </td>
                    <td data-label={copy.logColumns.code}>
                      {d.responseCode === 0 ? copy.noAnswer : d.responseCode}
                      {d.responseBody && (
                        <details>
                          <summary>…</summary>
                          <pre className="hint">{d.responseBody}</pre>
                        </details>
                      )}
                    </td>
                    <td data-label={copy.logColumns.duration}>{d.durationMs} ms</td>
                    <td>
                      <button
                        type="button"
                        className="button button-small button-secondary"
                        onClick={() =>
                          resend.mutate(d.messageId, {
                            onSuccess: () => toast({ title: copy.resent, variant: "success" }),
                            onError: (error) => toastFailure(error, copy.failed),
                          })
                        }
                      >
                        {copy.resend}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {log.hasNextPage && (
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? copy.logMoreLoading : copy.logMore}
          </button>
        )}
        <div className="dialog-actions">
          <Dialog.Close className="button button-secondary">{copy.close}</Dialog.Close>
        </div>
      </DialogContent>
    </Dialog.Root>
  );
}

/** A secret, shown once, with a Copy button. */
function SecretShare(props: { secret: string }) {
  return (
    <div className="link-share">
      <CopyField
        value={props.secret}
        copy={copy}
        label={copy.secretLabel}
        testId="webhook-secret"
      />
    </div>
  );
}
