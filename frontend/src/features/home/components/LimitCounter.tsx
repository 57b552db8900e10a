import { useWatch, type Control, type FieldPath } from "react-hook-form";
import type { EmergencyData } from "@/lib/emergency";
import { limitCounterText, limitStatus } from "@/lib/emergency/limits";
import type { LimitKey } from "@/lib/emergency/rules";

/**
 * How much still fits in one field, shown as the person nears its limit.
 * It watches only its own field, so typing re-renders the counter alone.
 */
export function LimitCounter(props: {
  control: Control<EmergencyData>;
  name: FieldPath<EmergencyData>;
  limit: LimitKey;
}) {
  const value = useWatch({ control: props.control, name: props.name });
  const status = limitStatus(props.limit, typeof value === "string" ? value : "");
  if (!status) return null;
  return <span className={status.left < 0 ? "counter-over" : ""}>{limitCounterText(status)}</span>;
}
