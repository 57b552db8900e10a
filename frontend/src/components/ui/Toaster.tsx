import * as Toast from "@radix-ui/react-toast";
import { useToastStore } from "./toast-store";

/**
 * docs/design/individual.md §9: Radix defaults (5000 ms, swipe right, 50 px, F8) made explicit.
 * Every toast is a "background" one, which Radix announces in a polite live
 * region: a screen reader finishes what it is reading first.
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          type="background"
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={`toast toast-${t.variant ?? "default"}`}
        >
          <Toast.Title className="toast-title">{t.title}</Toast.Title>
          {t.description && (
            <Toast.Description className="toast-description">{t.description}</Toast.Description>
          )}
          <Toast.Close className="toast-close" aria-label="Close">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" hotkey={["F8"]} />
    </Toast.Provider>
  );
}
