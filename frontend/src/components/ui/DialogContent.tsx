import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState, type ComponentProps } from "react";

/**
 * The one dialog frame of the site: overlay, content, and where focus goes.
 * Every dialog uses it inside its Dialog.Root, so the rules live here once:
 *
 * - On opening, focus goes to the element marked data-autofocus, else the
 *   first field, else the primary action (.button-primary), else the first
 *   control; in a dialog still loading its fields, the first field takes
 *   the focus when it appears, unless the person has acted meanwhile.
 * - On closing, focus goes back to the control that opened it. Radix does
 *   that only for a Dialog.Trigger, which none of our dialogs use (they are
 *   opened from rows and menus), so without this focus fell to the body. When
 *   that control is gone (its row was deleted), focus goes to the first
 *   control left in the nearest part of the page that survived, else to the
 *   page's main region.
 * - Focus moved here is shown (focusVisible), whichever way the dialog opened.
 */
export function DialogContent(props: ComponentProps<typeof Dialog.Content>) {
  // The portal renders its child only while the dialog is open, so the
  // content below mounts (and reads the opener) at each opening.
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="dialog-overlay" />
      <FocusedContent {...props} />
    </Dialog.Portal>
  );
}

function FocusedContent(props: ComponentProps<typeof Dialog.Content>) {
  const { onOpenAutoFocus, onCloseAutoFocus, ref, ...rest } = props;
  // Read during the first render, before Radix or an autoFocus attribute
  // moves focus into the dialog: the control that opened it.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  const [ancestors] = useState(() => ancestorsOf(opener));
  const content = useRef<HTMLDivElement>(null);

  // Until the person presses a key or the pointer in the dialog, a field
  // that arrives later (fetched: the library's Edit, the payment's card
  // form) takes the focus from the stand-in it started on: the dialog itself
  // or a button that is not a chosen data-autofocus.
  useEffect(() => {
    const box = content.current;
    if (!box) return;
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      const standIn =
        active === box ||
        (active instanceof HTMLElement &&
          box.contains(active) &&
          !active.matches(`[data-autofocus], ${fieldSelector}`));
      if (!standIn) return;
      const field = first(box, fieldSelector);
      if (field) {
        show(field);
        stop();
      }
    });
    const stop = () => {
      observer.disconnect();
      box.removeEventListener("keydown", stop, true);
      box.removeEventListener("pointerdown", stop, true);
    };
    observer.observe(box, { childList: true, subtree: true });
    box.addEventListener("keydown", stop, true);
    box.addEventListener("pointerdown", stop, true);
    return stop;
  }, []);

  return (
    <Dialog.Content
      // Radix's Presence hands a ref down through the portal; keep ours too.
      ref={(el) => {
        content.current = el;
        if (typeof ref === "function") ref(el);
        else if (ref) ref.current = el;
      }}
      {...rest}
      onOpenAutoFocus={(event) => {
        onOpenAutoFocus?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        const box = event.currentTarget as HTMLElement;
        show(initialFocus(box) ?? box);
      }}
      onCloseAutoFocus={(event) => {
        onCloseAutoFocus?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        show(returnTarget(opener, ancestors));
      }}
    />
  );
}

const fieldSelector =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly])';
const controlSelector =
  'button:not([disabled]), a[href], input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function visible(el: Element): boolean {
  if (!(el instanceof HTMLElement) || !el.isConnected) return false;
  // checkVisibility: not display:none, nor inside it (jsdom may lack it).
  return typeof el.checkVisibility === "function" ? el.checkVisibility() : true;
}

function first(root: ParentNode, selector: string): HTMLElement | null {
  for (const el of root.querySelectorAll(selector)) if (visible(el)) return el as HTMLElement;
  return null;
}

/** Where focus starts in a dialog: see DialogContent. Null while nothing fits yet. */
export function initialFocus(box: HTMLElement): HTMLElement | null {
  return (
    first(box, "[data-autofocus]") ??
    first(box, fieldSelector) ??
    first(box, ".button-primary:not([disabled])") ??
    first(box, controlSelector)
  );
}

function ancestorsOf(el: Element | null): Element[] {
  const out: Element[] = [];
  for (let p = el?.parentElement; p && p !== document.body; p = p.parentElement) out.push(p);
  return out;
}

function returnTarget(opener: HTMLElement | null, ancestors: Element[]): HTMLElement {
  if (opener && visible(opener) && !opener.matches(":disabled")) return opener;
  for (const ancestor of ancestors) {
    if (!ancestor.isConnected) continue;
    const control = first(ancestor, controlSelector);
    if (control) return control;
  }
  return document.getElementById("main") ?? document.body;
}

function show(el: HTMLElement) {
  // focusVisible: a keyboard user sees where they are even when the dialog
  // was opened or closed by a click (Chromium and Firefox honour it).
  el.focus({ focusVisible: true } as FocusOptions);
}
