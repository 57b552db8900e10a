import { ApiError, serverMessage } from "@/lib/api";
import { toast } from "@/components/ui/toast-store";
import { adminCopy as copy } from "../copy";

/**
 * Spec §8: a server refusal shows its title with the server's message (or
 * the fallback); no answer at all is a Connection Error.
 */
export function toastFailure(
  error: unknown,
  title: string,
  fallback: string,
  connection: string = copy.toasts.connection,
) {
  if (error instanceof ApiError) {
    toast({ title, description: serverMessage(error) ?? fallback, variant: "destructive" });
  } else {
    toast({ title: copy.toasts.connectionError, description: connection, variant: "destructive" });
  }
}
