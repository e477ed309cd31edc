/**
 * Ark UI (zag-js) keeps one stack of the open popups (menus, select lists, dialogs) and, when one
 * of them closes, dismisses every popup that registered after it, as if it were nested inside.
 * Popups register and close an animation frame late, so a popup opened while another one is still
 * closing (a select list opened while the row menu's click outside is pending; the confirmation a
 * row menu's item opens) lands above it in the stack and is closed with it: the list closes as it
 * opens, the confirmation never shows, and focus goes back to the closed popup's trigger.
 *
 * This guard lets such a dismissal through only for a popup that lies in the closing one (its
 * content or the trigger that controls it inside the closing popup's content, e.g. a select in a
 * dialog); an independent popup stays open. Installed once for the app (mount.tsx).
 */
const REQUEST_DISMISS = "layer:request-dismiss";

export function keepIndependentPopupsOpen(doc: Document = document): () => void {
  const onRequestDismiss = (event: Event) => {
    const detail = (event as CustomEvent<{ originalLayer?: unknown; targetLayer?: unknown } | null>).detail;
    const layer = detail?.originalLayer;
    const closing = detail?.targetLayer;
    if (!(layer instanceof Element) || !(closing instanceof Element)) return;
    if (!openedWithin(layer, closing)) event.preventDefault();
  };
  // capture: runs before Ark's own listener on the popup decides whether to dismiss
  doc.addEventListener(REQUEST_DISMISS, onRequestDismiss, true);
  return () => doc.removeEventListener(REQUEST_DISMISS, onRequestDismiss, true);
}

/** Whether `layer` (a popup's content) lies in `closing` or is controlled by a trigger inside it. */
function openedWithin(layer: Element, closing: Element): boolean {
  if (closing.contains(layer)) return true;
  if (!layer.id) return false;
  const trigger = layer.ownerDocument.querySelector(`[aria-controls="${CSS.escape(layer.id)}"]`);
  return trigger !== null && closing.contains(trigger);
}
