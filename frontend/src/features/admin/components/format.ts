// Formatting shared by the admin tables.
import { siteLocale } from "@/lib/copy";

const dateFormat = new Intl.DateTimeFormat(siteLocale, {
  day: "numeric",
  month: "short",
  year: "numeric",
});
const timeFormat = new Intl.DateTimeFormat(siteLocale, {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : dateFormat.format(t);
}

export function formatDateTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : timeFormat.format(t);
}

/** docs/design/admin-corporate.md §2: price is pence divided by 100, two decimals, in pounds. */
export function formatPence(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

/** docs/design/admin-corporate.md §4: delivered default, shipped secondary, processing outline, others destructive. */
export function orderBadgeClass(status: string): string {
  switch (status) {
    case "delivered":
      return "badge badge-default";
    case "shipped":
      return "badge badge-secondary";
    case "processing":
      return "badge badge-outline";
    default:
      return "badge badge-destructive";
  }
}

/** docs/design/admin-corporate.md §4: QR usage as a percentage, the bar capped at 100 %, red at or over the maximum. */
export function qrUsage(
  current: number,
  max: number,
): { percent: number; bar: number; over: boolean } {
  const percent = max > 0 ? Math.round((current / max) * 100) : 0;
  return { percent, bar: Math.min(percent, 100), over: max > 0 && current >= max };
}

/** docs/design/admin-corporate.md §4: active and trial as they are; anything else is shown as inactive. */
export function subscriptionStatus(status: string | null | undefined): string {
  return status === "active" || status === "trial" ? status : "inactive";
}
