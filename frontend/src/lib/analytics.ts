// First-party analytics (DESIGN.md: no third-party trackers). The cloud's
// analytics endpoint belongs to another issue; until it exists events are
// sent with sendBeacon and a failure is ignored, as analytics must never
// break a page.
export function trackEvent(action: string, category = "user", label?: string, value?: number) {
  try {
    const body = JSON.stringify({ action, category, label, value });
    navigator.sendBeacon?.("/api/analytics/event", new Blob([body], { type: "application/json" }));
  } catch {
    // Ignored on purpose.
  }
}
