// Imported first by main.tsx, so the visit-start rule (lib/session/visit)
// runs before any store loads what an earlier visit left on the device.
import { beginVisit } from "@/lib/session/visit";

if (typeof window !== "undefined") beginVisit(new Date());
