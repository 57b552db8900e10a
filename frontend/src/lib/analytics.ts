// First-party analytics (docs/design/decisions.md §7: no third-party trackers; docs/design/individual.md §7): page
// views and events go to our own cloud, which keeps nothing that identifies
// the visitor. They go with navigator.sendBeacon, which still delivers while
// the page unloads (logout navigates away at once), and with fetch(keepalive)
// where there is no beacon or the browser will not queue one. Failures are
// ignored: analytics must never break a page.
import type { Wire } from "@/lib/api";

const pageViewUrl = "/api/analytics/page-view";
const eventUrl = "/api/analytics/event";

/** Records a view of `path`: a pathname only. A query or hash can hold a
 * secret (a reset link's ?token=), so the cloud refuses one. */
export function trackPageView(path: string) {
  const body: Wire<"PageView"> = { path };
  send(pageViewUrl, body);
}

/** Records an event; a missing label or value is left out of the body. */
export function trackEvent(action: string, category = "user", label?: string, value?: number) {
  const body: Wire<"AnalyticsEvent"> = { action, category, label, value };
  send(eventUrl, body);
}

function send(url: string, payload: object) {
  try {
    const body = JSON.stringify(payload);
    // A string goes out as text/plain, which the cloud accepts on these
    // routes; sendBeacon returns false when it cannot queue the request.
    if (navigator.sendBeacon?.(url, body)) return;
    fetch(url, {
      method: "POST",
      body,
      keepalive: true,
      // The cloud does not want to know who is browsing.
      credentials: "omit",
      headers: { "Content-Type": "application/json" },
    }).catch(() => {
      // Ignored on purpose.
    });
  } catch {
    // Ignored on purpose.
  }
}
