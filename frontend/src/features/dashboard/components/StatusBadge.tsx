/** docs/design/individual.md §4: pending yellow, processing blue, shipped green, delivered purple, other grey. */
const colours: Record<string, string> = {
  pending: "yellow",
  processing: "blue",
  shipped: "green",
  delivered: "purple",
};

export function statusColour(status: string): string {
  return colours[status.toLowerCase()] ?? "grey";
}

export function StatusBadge(props: { status: string }) {
  return <span className={`badge badge-${statusColour(props.status)}`}>{props.status}</span>;
}
