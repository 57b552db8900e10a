// One table for every admin list, on TanStack Table: the server pages and
// searches (manualPagination), so the table renders one page and the pager
// asks for the next. On a phone each row is a card (.stack-table), each
// cell led by its column's header.
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { Pager } from "@/components/ui/Pager";

export function DataTable<T>(props: {
  label: string;
  columns: ColumnDef<T, unknown>[];
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: string;
  rowKey: (row: T) => string;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  // The table object is rebuilt from props on each render and passed to no
  // memoised child, which is what this rule guards against.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: props.rows,
    columns: props.columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: props.rowKey,
    manualPagination: true,
    pageCount: pages,
    state: { pagination: { pageIndex: props.page - 1, pageSize: props.pageSize } },
  });
  return (
    <>
      <div className="table-scroll admin-table-box">
        <table className="orders admin-table stack-table" aria-label={props.label}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={props.columns.length} className="hint">
                  {props.empty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} data-label={headerText(cell.column.columnDef.header)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        total={props.total}
        page={props.page}
        pageSize={props.pageSize}
        onPage={props.onPage}
      />
    </>
  );
}

/** A column's header as the label its cells show on a phone (none for a rendered one). */
function headerText(header: unknown): string | undefined {
  return typeof header === "string" && header !== "" ? header : undefined;
}
