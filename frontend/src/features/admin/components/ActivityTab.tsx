import { useMemo } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import type { AuditEntry } from "../api/types";
import { adminCopy as copy } from "../copy";
import { DataTable } from "./DataTable";
import { formatDateTime } from "./format";

/** The audit log (docs/design/decisions.md §8 "Admin and fulfilment"): who did what to whose account, when. */
export function ActivityTable(props: {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const columns = useMemo<ColumnDef<AuditEntry, unknown>[]>(
    () => [
      {
        id: "time",
        header: copy.activity.time,
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      { id: "actor", header: copy.activity.actor, cell: ({ row }) => row.original.actor },
      {
        id: "action",
        header: copy.activity.action,
        // The server's sentence names the target too (one table of sentences, cloud/activity.go).
        cell: ({ row }) => row.original.sentence,
      },
    ],
    [],
  );
  return (
    <DataTable
      label={copy.tabs.activity}
      columns={columns}
      rows={props.entries}
      total={props.total}
      page={props.page}
      pageSize={props.pageSize}
      onPage={props.onPage}
      empty={copy.activity.empty}
      rowKey={(e) => String(e.id)}
    />
  );
}
