// A row of a virtualised list (@tanstack/react-virtual): where it is drawn,
// and its place in the whole list for screen readers, which see only the
// rows drawn.
import type { VirtualItem } from "@tanstack/react-virtual";

/** The attributes of `row` of `count`, drawn `offset` px above its start (a list below the page's top). */
export function virtualRowProps(row: VirtualItem, count: number, offset = 0) {
  return {
    "data-index": row.index,
    "aria-setsize": count,
    "aria-posinset": row.index + 1,
    style: { transform: `translateY(${row.start - offset}px)` },
  };
}
