import { useCallback, useState } from "react";
import "@/features/admin/admin.css";
import { adminPageSize, useAdminOrders } from "@/features/admin/api/admin";
import { OrdersPanel } from "@/features/admin/components/OrdersPanel";
import { adminCopy } from "@/features/admin/copy";

/** The admins' fulfilment loop: the website's orders panel, printing through the station. */
export function FulfilmentMode() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const orders = useAdminOrders({ search, page }, true);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);
  return (
    <section className="card admin-panel" aria-label={adminCopy.tabs.orders}>
      <h1 className="station-title">{adminCopy.tabs.orders}</h1>
      {orders.isError && (
        <p className="field-error" role="alert">
          {orders.error.message}
        </p>
      )}
      <OrdersPanel
        orders={orders.data}
        page={page}
        pageSize={adminPageSize}
        onPage={setPage}
        onSearch={onSearch}
      />
    </section>
  );
}
