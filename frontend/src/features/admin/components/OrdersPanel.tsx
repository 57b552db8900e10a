import { useState } from "react";
import type { AdminOrder, AdminOrdersPage } from "../api/types";
import { adminCopy as copy } from "../copy";
import { CustomerDataDialog } from "./CustomerDataDialog";
import { OrdersTable } from "./OrdersTab";
import { SearchBox } from "@/components/ui/SearchBox";
import { UpdateOrderDialog } from "./UpdateOrderDialog";

/**
 * The fulfilment loop's screen: search, the orders table, Print Labels
 * (the customer's data and the label PDF) and Update Order Status. The
 * website's Physical Orders tab and the station's Fulfilment mode are this
 * one component; the caller owns the search and page so it can show counts.
 */
export function OrdersPanel(props: {
  orders: AdminOrdersPage | undefined;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onSearch: (text: string) => void;
}) {
  const [editing, setEditing] = useState<AdminOrder | null>(null);
  const [printing, setPrinting] = useState<AdminOrder | null>(null);
  return (
    <>
      <div className="admin-toolbar">
        <SearchBox className="admin-search" label={copy.search.orders} onSearch={props.onSearch} />
      </div>
      <OrdersTable
        orders={props.orders?.orders ?? []}
        total={props.orders?.total ?? 0}
        page={props.page}
        pageSize={props.pageSize}
        onPage={props.onPage}
        onPrint={setPrinting}
        onEdit={setEditing}
      />
      <UpdateOrderDialog order={editing} onClose={() => setEditing(null)} />
      <CustomerDataDialog
        userId={printing?.userId ?? null}
        orderId={printing?.orderId ?? null}
        onClose={() => setPrinting(null)}
      />
    </>
  );
}
