// The pager of every list the server pages (the admin's lists, the QR code
// library): Previous, "Page N of M", Next. Nothing when it all fits on one.
import { pager as copy } from "@/lib/copy";

export function Pager(props: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Names the list the pager moves through, for screen readers. */
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={props.label ?? copy.label}>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        {copy.previous}
      </button>
      <span>{copy.page(props.page, pages)}</span>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={props.page >= pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        {copy.next}
      </button>
    </nav>
  );
}
