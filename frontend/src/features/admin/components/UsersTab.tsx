import { useMemo, useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { toast } from "@/components/ui/toast-store";
import { useDeleteUser, useRemoveSecondFactors, useSetPrintAccess } from "../api/admin";
import type { AdminUser } from "../api/types";
import { adminCopy as copy } from "../copy";
import { DataTable } from "./DataTable";
import { toastFailure } from "@/components/ui/toastFailure";
import { formatDate } from "./format";
import { Switch } from "./Switch";

/** The users table (docs/design/admin-corporate.md §2 "Users tab"); the search box and header live in AdminPage. */
export function UsersTable(props: {
  users: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onView: (user: AdminUser) => void;
}) {
  // The mutation's result is a new object at every render; its mutate is
  // stable. The columns must not change when a dialog opens: a new cell
  // renderer remounts the row's buttons, and a closed dialog could no longer
  // give the focus back to the button that opened it.
  const setPrintAccess = useSetPrintAccess().mutate;
  const remove = useDeleteUser();
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const removeFactors = useRemoveSecondFactors();
  const [removingFactors, setRemovingFactors] = useState<AdminUser | null>(null);
  const { onView } = props;

  const columns = useMemo<ColumnDef<AdminUser, unknown>[]>(
    () => [
      {
        id: "email",
        header: copy.users.email,
        cell: ({ row }) => (
          <div className="admin-cell-stack">
            <span className="admin-email">{row.original.email}</span>
            <span className="hint">{copy.users.id(row.original.id)}</span>
          </div>
        ),
      },
      {
        id: "printAccess",
        header: copy.users.printAccess,
        cell: ({ row }) => (
          <Switch
            checked={row.original.hasPrintAccess}
            label={copy.users.toggle(row.original.email)}
            onChange={(granted) =>
              setPrintAccess(
                { userId: row.original.id, hasPrintAccess: granted },
                {
                  onSuccess: (answer) =>
                    toast({
                      title: copy.toasts.accessUpdated,
                      description: answer.message,
                      variant: "success",
                    }),
                  onError: (error) =>
                    toastFailure(error, copy.toasts.updateFailed, copy.toasts.printAccessFallback),
                },
              )
            }
          />
        ),
      },
      {
        id: "referralCode",
        header: copy.users.referralCode,
        cell: ({ row }) => row.original.referralCode ?? copy.users.none,
      },
      {
        id: "referrals",
        header: copy.users.referrals,
        cell: ({ row }) => row.original.referralCount,
      },
      {
        id: "created",
        header: copy.users.created,
        cell: ({ row }) => formatDate(row.original.createdAt),
      },
      {
        id: "actions",
        header: copy.users.actions,
        cell: ({ row }) => (
          <div className="admin-actions">
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => onView(row.original)}
            >
              {copy.users.view}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setRemovingFactors(row.original)}
              aria-label={copy.removeFactors.label(row.original.email)}
            >
              {copy.removeFactors.button}
            </button>
            <button
              type="button"
              className="button button-danger-outline button-small"
              onClick={() => setDeleting(row.original)}
              aria-label={`${copy.users.delete} ${row.original.email}`}
            >
              {copy.users.delete}
            </button>
          </div>
        ),
      },
    ],
    [setPrintAccess, onView],
  );

  return (
    <>
      <DataTable
        label={copy.tabs.users}
        columns={columns}
        rows={props.users}
        total={props.total}
        page={props.page}
        pageSize={props.pageSize}
        onPage={props.onPage}
        empty={copy.users.empty}
        rowKey={(u) => String(u.id)}
      />
      <ConfirmDialog
        open={removingFactors !== null}
        onOpenChange={(open) => !open && setRemovingFactors(null)}
        title={copy.removeFactors.title}
        description={copy.removeFactors.description}
        confirmLabel={copy.removeFactors.confirm}
        cancelLabel={copy.removeFactors.cancel}
        onConfirm={() => {
          if (!removingFactors) return;
          removeFactors.mutate(removingFactors.id, {
            onSuccess: (answer) =>
              toast({
                title: copy.removeFactors.done,
                description: answer.message,
                variant: "success",
              }),
            onError: (error) => toastFailure(error, copy.removeFactors.failed),
          });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={copy.deleteConfirm.title}
        description={copy.deleteConfirm.description}
        confirmLabel={copy.deleteConfirm.confirm}
        cancelLabel={copy.deleteConfirm.cancel}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () =>
              toast({
                title: copy.toasts.userDeleted,
                description: copy.toasts.userDeletedBody,
                variant: "success",
              }),
            onError: (error) =>
              toastFailure(error, copy.toasts.deleteFailed, copy.toasts.deleteFallback),
          });
        }}
      />
    </>
  );
}
