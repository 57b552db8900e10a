import { serverMessage } from "@/lib/api";
import { toasts } from "@/lib/copy";
import { toast } from "./toast-store";

/**
 * A request that failed, said the same way on every screen: a server's
 * refusal shows the screen's title with the server's own message (else the
 * fallback); no answer at all (the network failed, so fetch threw) is a
 * Connection Error with `connection` as its description (the individual's
 * screens pass their own words for it).
 */
export function toastFailure(
  error: unknown,
  title: string,
  fallback?: string,
  connection: string = toasts.serverUnreachable.description,
) {
  if (error instanceof TypeError) {
    toast({
      title: toasts.serverUnreachable.title,
      description: connection,
      variant: "destructive",
    });
    return;
  }
  toast({ title, description: serverMessage(error) ?? fallback, variant: "destructive" });
}
