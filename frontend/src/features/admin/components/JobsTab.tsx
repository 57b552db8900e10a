import { useMemo } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { toast } from "@/components/ui/toast-store";
import { toastFailure } from "@/components/ui/toastFailure";
import { useJobChange } from "../api/admin";
import type { AdminJob } from "../api/types";
import { adminCopy as copy } from "../copy";
import { DataTable } from "./DataTable";
import { formatDateTime } from "./format";

/** The states a job can be run again from, and discarded from (the server decides; these only hide buttons that would be refused). */
const retryable = new Set(["available", "scheduled", "retryable", "discarded", "cancelled"]);
const discardable = new Set(["available", "scheduled", "retryable"]);

/** The background jobs that wait or failed, with Retry and Discard (both audited). */
export function JobsTable(props: { jobs: AdminJob[] }) {
  const change = useJobChange();
  const columns = useMemo<ColumnDef<AdminJob, unknown>[]>(
    () => [
      {
        id: "kind",
        header: copy.jobs.kind,
        cell: ({ row }) => `${row.original.kind} #${row.original.id}`,
      },
      { id: "state", header: copy.jobs.state, cell: ({ row }) => row.original.state },
      {
        id: "attempts",
        header: copy.jobs.attempts,
        cell: ({ row }) => `${row.original.attempts} / ${row.original.maxAttempts}`,
      },
      { id: "lastError", header: copy.jobs.lastError, cell: ({ row }) => row.original.lastError },
      {
        id: "created",
        header: copy.jobs.created,
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: "next",
        header: copy.jobs.next,
        cell: ({ row }) => formatDateTime(row.original.scheduledAt),
      },
      {
        id: "actions",
        header: copy.jobs.actions,
        cell: ({ row }) => {
          const job = row.original;
          const run = (action: "retry" | "discard") =>
            change.mutate(
              { jobId: job.id, action },
              {
                onSuccess: () =>
                  toast({
                    title: action === "retry" ? copy.jobs.retried : copy.jobs.discarded,
                    variant: "success",
                  }),
                onError: (error) =>
                  toastFailure(error, copy.jobs.changeFailed, copy.jobs.changeFallback),
              },
            );
          return (
            <div className="admin-actions">
              {retryable.has(job.state) && (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={change.isPending}
                  aria-label={`${copy.jobs.retry} ${job.kind} #${job.id}`}
                  onClick={() => run("retry")}
                >
                  {copy.jobs.retry}
                </button>
              )}
              {discardable.has(job.state) && (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={change.isPending}
                  aria-label={`${copy.jobs.discard} ${job.kind} #${job.id}`}
                  onClick={() => run("discard")}
                >
                  {copy.jobs.discard}
                </button>
              )}
            </div>
          );
        },
      },
    ],
    [change],
  );
  return (
    <DataTable
      label={copy.tabs.jobs}
      columns={columns}
      rows={props.jobs}
      total={props.jobs.length}
      page={1}
      pageSize={Math.max(1, props.jobs.length)}
      onPage={() => {}}
      empty={copy.jobs.empty}
      rowKey={(j) => String(j.id)}
    />
  );
}
