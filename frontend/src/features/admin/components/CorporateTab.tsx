import { useEffect, useMemo, useState, type FormEvent } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import * as Dialog from "@radix-ui/react-dialog";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmailField, TextField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { useOrganizationChange } from "../api/admin";
import { toastFailure } from "@/components/ui/toastFailure";
import { DialogContent } from "@/components/ui/DialogContent";
import type { Organization } from "../api/types";
import { adminCopy as copy } from "../copy";
import { DataTable } from "./DataTable";
import { formatDate, qrUsage, subscriptionStatus } from "./format";

/** docs/design/admin-corporate.md §3: subscriptionTier, default starter (the cloud sends no subscription_tier). */
export function planOf(org: Organization): string {
  return org.subscriptionTier || "starter";
}

/** Organisations matching the search (name, contact, e-mail, type, plan). */
export function filterOrganizations(orgs: Organization[], search: string): Organization[] {
  const s = search.trim().toLowerCase();
  if (s === "") return orgs;
  return orgs.filter((o) =>
    [
      o.name,
      o.contactFirstName,
      o.contactLastName,
      o.contactEmail,
      o.organizationType,
      planOf(o),
      String(o.id),
    ]
      .join(" ")
      .toLowerCase()
      .includes(s),
  );
}

export function UsageBar(props: { current: number; max: number }) {
  const usage = qrUsage(props.current, props.max);
  return (
    <div className="usage">
      <div
        className={`usage-bar${usage.over ? " usage-over" : ""}`}
        role="progressbar"
        aria-valuenow={usage.bar}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={copy.corporate.usage}
      >
        <span style={{ width: `${usage.bar}%` }} />
      </div>
      <span className={usage.over ? "usage-text usage-over-text" : "usage-text"}>
        {props.current}/{props.max} ({usage.percent}%)
      </span>
    </div>
  );
}

/** The Corporate Accounts tab (docs/design/admin-corporate.md §2). The list is small: it is searched here. */
export function CorporateTable(props: { organizations: Organization[] }) {
  const [open, setOpen] = useState<Organization | null>(null);
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const columns = useMemo<ColumnDef<Organization, unknown>[]>(
    () => [
      {
        id: "organization",
        header: copy.corporate.organization,
        cell: ({ row }) => (
          <div className="admin-cell-stack">
            <strong>{row.original.name}</strong>
            <span className="hint">
              {[row.original.id, row.original.organizationType].filter((p) => p !== "").join(" · ")}
            </span>
          </div>
        ),
      },
      {
        id: "contact",
        header: copy.corporate.contact,
        cell: ({ row }) => (
          <div className="admin-cell-stack">
            <span>
              {row.original.contactFirstName} {row.original.contactLastName}
            </span>
            <span className="hint">{row.original.contactEmail}</span>
            <span className="hint">{row.original.phone}</span>
          </div>
        ),
      },
      { id: "plan", header: copy.corporate.plan, cell: ({ row }) => planOf(row.original) },
      {
        id: "qr",
        header: copy.corporate.qrCodes,
        cell: ({ row }) => (
          <UsageBar current={row.original.currentQrCodes} max={row.original.maxQrCodes} />
        ),
      },
      {
        id: "status",
        header: copy.corporate.status,
        cell: ({ row }) => subscriptionStatus(row.original.subscriptionStatus),
      },
      {
        id: "created",
        header: copy.corporate.created,
        cell: ({ row }) => formatDate(row.original.createdAt),
      },
      {
        id: "details",
        header: copy.corporate.actions,
        cell: ({ row }) => (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => setOpen(row.original)}
          >
            {copy.corporate.details}
          </button>
        ),
      },
    ],
    [],
  );
  const rows = props.organizations.slice((page - 1) * pageSize, page * pageSize);
  return (
    <>
      <DataTable
        label={copy.tabs.corporate}
        columns={columns}
        rows={rows}
        total={props.organizations.length}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        empty={copy.corporate.empty}
        rowKey={(o) => String(o.id)}
      />
      {open && <OrganizationDialog key={open.id} org={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** One organisation's details and changes; a typed allowance or address is asked for before it is dropped. */
function OrganizationDialog(props: { org: Organization; onClose: () => void }) {
  const [dirty, setDirty] = useState(false);
  const guard = useDiscardGuard(dirty);
  return (
    <Dialog.Root open onOpenChange={(o) => !o && guard.leave(props.onClose)}>
      {guard.dialog}
      <DialogContent className="dialog dialog-small">
        <OrganizationDetails org={props.org} />
        <OrganizationActions
          org={props.org}
          onDirtyChange={setDirty}
          onDone={() => {
            guard.release();
            props.onClose();
          }}
        />
        <div className="dialog-actions">
          <Dialog.Close className="button button-secondary">{copy.corporate.close}</Dialog.Close>
        </div>
      </DialogContent>
    </Dialog.Root>
  );
}

/** What a record holds, or "Not given": a trial's form asks for less than the paid sign-up's. */
function given(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value).trim();
  return text === "" ? copy.corporate.notGiven : text;
}

/** The parts of a record that were filled in, joined; "Not given" when none were. */
function givenParts(parts: (string | null | undefined)[], separator: string): string {
  return given(
    parts
      .map((p) => (p ?? "").trim())
      .filter((p) => p !== "")
      .join(separator),
  );
}

function OrganizationDetails(props: { org: Organization }) {
  const { org } = props;
  const c = copy.corporate;
  const trial = org.subscriptionStatus === "trial" || org.trialEndsAt !== null;
  return (
    <>
      <Dialog.Title>{org.name}</Dialog.Title>
      <Dialog.Description className="visually-hidden">{c.overview}</Dialog.Description>
      <h3>{c.overview}</h3>
      <dl className="summary-list">
        <div>
          <dt>{c.id}</dt>
          <dd>{org.id}</dd>
        </div>
        <div>
          <dt>{c.type}</dt>
          <dd>{given(org.organizationType)}</dd>
        </div>
        <div>
          <dt>{c.employees}</dt>
          <dd>{given(org.employeeCount)}</dd>
        </div>
        <div>
          <dt>{c.created}</dt>
          <dd>{formatDate(org.createdAt)}</dd>
        </div>
        {trial && org.trialEndsAt && (
          <div>
            <dt>{c.trialEnds}</dt>
            <dd>{formatDate(org.trialEndsAt)}</dd>
          </div>
        )}
      </dl>
      {trial && <p className="hint">{c.trialAsksLess}</p>}
      <h3>{c.contact}</h3>
      <dl className="summary-list">
        <div>
          <dt>{c.contactName}</dt>
          <dd>{givenParts([org.contactFirstName, org.contactLastName], " ")}</dd>
        </div>
        <div>
          <dt>{c.contactEmail}</dt>
          <dd>{given(org.contactEmail)}</dd>
        </div>
        <div>
          <dt>{c.contactPhone}</dt>
          <dd>{given(org.phone)}</dd>
        </div>
      </dl>
      <h3>{c.address}</h3>
      <p>{givenParts([org.address, org.city, org.country], ", ")}</p>
      <h3>{c.subscription}</h3>
      <dl className="summary-list">
        <div>
          <dt>{c.plan}</dt>
          <dd>{planOf(org)}</dd>
        </div>
        <div>
          <dt>{c.status}</dt>
          <dd>{subscriptionStatus(org.subscriptionStatus)}</dd>
        </div>
      </dl>
      <UsageBar current={org.currentQrCodes} max={org.maxQrCodes} />
    </>
  );
}

/**
 * A site admin's changes: raise the QR code allowance, hand the
 * organisation to another address, or delete it; the server audits each.
 */
function OrganizationActions(props: {
  org: Organization;
  onDone: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { org, onDirtyChange } = props;
  const c = copy.corporate;
  const change = useOrganizationChange();
  const [allowance, setAllowance] = useState(String(org.maxQrCodes));
  const [email, setEmail] = useState("");
  const dirty = allowance !== String(org.maxQrCodes) || email.trim() !== "";
  useEffect(() => onDirtyChange(dirty), [onDirtyChange, dirty]);
  const [confirming, setConfirming] = useState<"delete" | "handOver" | null>(null);
  const run = (v: Parameters<typeof change.mutate>[0]) =>
    change.mutate(v, {
      onSuccess: (answer) => {
        toast({ title: answer.message, variant: "success" });
        props.onDone();
      },
      onError: (error) => toastFailure(error, c.changeFailed, c.changeFallback),
    });
  return (
    <section aria-labelledby="org-manage-title">
      <h3 id="org-manage-title">{c.manage}</h3>
      <form
        className="form-body"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          run({ kind: "allowance", orgId: org.id, maxQrCodes: Number(allowance) });
        }}
      >
        <TextField
          label={c.allowance}
          hint={c.allowanceHint}
          type="number"
          min={1}
          value={allowance}
          onChange={(e) => setAllowance(e.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={change.isPending}>
          {c.saveAllowance}
        </button>
      </form>
      <form
        className="form-body"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setConfirming("handOver");
        }}
      >
        <EmailField
          label={c.handOverTo}
          hint={c.handOverHint}
          value={email}
          onValueChange={setEmail}
        />
        <button
          type="submit"
          className="button button-secondary"
          disabled={change.isPending || email.trim() === ""}
        >
          {c.handOver}
        </button>
      </form>
      <button
        type="button"
        className="button button-danger"
        disabled={change.isPending}
        onClick={() => setConfirming("delete")}
      >
        {c.deleteOrg}
      </button>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === "delete" ? c.deleteConfirm.title : c.handOverConfirm.title}
        description={
          confirming === "delete"
            ? c.deleteConfirm.description(org.name)
            : c.handOverConfirm.description(org.name, email.trim())
        }
        confirmLabel={confirming === "delete" ? c.deleteOrg : c.handOver}
        cancelLabel={c.cancel}
        onConfirm={() =>
          run(
            confirming === "delete"
              ? { kind: "delete", orgId: org.id }
              : { kind: "handOver", orgId: org.id, email },
          )
        }
      />
    </section>
  );
}
