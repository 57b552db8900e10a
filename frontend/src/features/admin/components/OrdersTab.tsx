import { useMemo } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import type { AdminOrder } from "../api/types";
import { adminCopy as copy } from "../copy";
import { DataTable } from "./DataTable";
import { formatDate, formatPence, orderBadgeClass } from "./format";

/** The orders table (docs/design/admin-corporate.md §2 "Orders tab"). */
export function OrdersTable(props: {
  orders: AdminOrder[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPrint: (order: AdminOrder) => void;
  onEdit: (order: AdminOrder) => void;
}) {
  const { onPrint, onEdit } = props;
  const columns = useMemo<ColumnDef<AdminOrder, unknown>[]>(
    () => [
      {
        id: "orderId",
        header: copy.orders.orderId,
        cell: ({ row }) => <code>{row.original.orderId}</code>,
      },
      {
        id: "user",
        header: copy.orders.user,
        cell: ({ row }) => row.original.userEmail || copy.orders.unknown,
      },
      { id: "labelType", header: copy.orders.labelType, cell: ({ row }) => row.original.labelType },
      { id: "quantity", header: copy.orders.quantity, cell: ({ row }) => row.original.quantity },
      {
        id: "price",
        header: copy.orders.price,
        cell: ({ row }) => formatPence(row.original.pricePence),
      },
      {
        id: "status",
        header: copy.orders.status,
        cell: ({ row }) => (
          <span className={orderBadgeClass(row.original.status)}>{row.original.status}</span>
        ),
      },
      {
        id: "ordered",
        header: copy.orders.ordered,
        cell: ({ row }) => formatDate(row.original.createdAt),
      },
      {
        id: "actions",
        header: copy.orders.actions,
        cell: ({ row }) => (
          <div className="admin-actions">
            <button
              type="button"
              className="button button-primary button-small"
              onClick={() => onPrint(row.original)}
            >
              {copy.orders.printLabels}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => onEdit(row.original)}
              aria-label={`${copy.orders.edit} ${row.original.orderId}`}
            >
              {copy.orders.edit}
            </button>
          </div>
        ),
      },
    ],
    [onPrint, onEdit],
  );
  return (
    <DataTable
      label={copy.tabs.orders}
      columns={columns}
      rows={props.orders}
      total={props.total}
      page={props.page}
      pageSize={props.pageSize}
      onPage={props.onPage}
      empty={copy.orders.empty}
      rowKey={(o) => o.orderId}
    />
  );
}
