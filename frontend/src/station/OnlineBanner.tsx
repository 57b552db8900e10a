import type { SessionState } from "./api";
import { stationCopy as copy } from "./copy";
import { siteLocale } from "@/lib/copy";

/** The time of day an RFC 3339 instant fell on, in the station's time zone. */
export function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString(siteLocale, { hour: "2-digit", minute: "2-digit" });
}

/** Whether the cloud answers (and since when it has not, or that it refuses this version), when the cache last synced, what waits. */
export function OnlineBanner(props: { state: SessionState }) {
  const { state } = props;
  const extra = [
    state.lastSynced ? copy.banner.lastSynced(timeOfDay(state.lastSynced)) : "",
    state.pending > 0 ? copy.banner.pending(state.pending) : "",
    state.newerVersion ? copy.banner.newerVersion(state.newerVersion) : "",
  ]
    .filter(Boolean)
    .join(" ");
  // The cloud refuses this version (426): its message, and that printing goes on.
  if (state.outOfDate) {
    return (
      <div className="station-banner station-banner-offline" role="status">
        {state.outOfDate} {copy.banner.outOfDate} {extra}
      </div>
    );
  }
  return state.online ? (
    <div className="station-banner station-banner-online" role="status">
      {copy.banner.online(state.cloudUrl)} {extra}
    </div>
  ) : (
    <div className="station-banner station-banner-offline" role="status">
      {copy.banner.offlineSince(timeOfDay(state.offlineSince))} {extra}
    </div>
  );
}
