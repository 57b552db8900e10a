import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { previousSessionAccess } from "@/lib/session/rules";
import { readJson, storageKeys } from "@/lib/storage";
import { useEmergencyStore } from "@/stores/emergency";
import { useUserStore } from "@/stores/session";

/**
 * docs/design/individual.md §2 and §4: a page showing earlier-session data checks, once on entry,
 * that it may; otherwise it clears what the rules say and goes home.
 * Returns whether the page may render.
 */
export function useEarlierSessionGuard(): boolean {
  const navigate = useNavigate();
  const [decision] = useState(() =>
    previousSessionAccess({
      user: readJson(storageKeys.user),
      emergency: readJson(storageKeys.emergencyInfo),
      now: new Date(),
    }),
  );
  useEffect(() => {
    if (decision.allowed) return;
    if (decision.reason === "corrupted") useUserStore.getState().signOut();
    if (decision.clear) useEmergencyStore.getState().clear();
    navigate(paths.home, { replace: true });
  }, [decision, navigate]);
  return decision.allowed;
}
