// The zod schema and its resolver weigh more than the rest of the home page
// together, and are needed only once the visitor submits. They load on the
// first validation instead of with the page (the home-route budget).
import type { Resolver } from "react-hook-form";
import type { EmergencyData } from "@/lib/emergency";

let loaded: Promise<Resolver<EmergencyData>> | null = null;

function load(): Promise<Resolver<EmergencyData>> {
  loaded ??= Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/lib/emergency/schema"),
  ]).then(
    ([{ zodResolver }, { emergencyDataSchema }]) =>
      zodResolver(emergencyDataSchema) as unknown as Resolver<EmergencyData>,
  );
  return loaded;
}

export const lazyEmergencyResolver: Resolver<EmergencyData> = async (values, context, options) =>
  (await load())(values, context, options);
