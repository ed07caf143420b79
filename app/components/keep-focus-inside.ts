import type { KeyboardEvent } from "react";

const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";

/**
 * onKeyDown of a modal `<dialog>`: Tab and Shift+Tab wrap around inside it. A
 * modal dialog alone lets focus leave for the browser's own controls after its
 * last control (and before its first), so the trap is made explicit.
 */
export function keepFocusInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== "Tab" || event.defaultPrevented) return;
  const container = event.currentTarget;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (node) =>
      !(node as HTMLButtonElement).disabled &&
      node.tabIndex >= 0 &&
      // Laid out (display: none and closed parts cannot take focus).
      node.getClientRects().length > 0 &&
      // Of a named radio group only the checked radio is a Tab stop.
      !(node instanceof HTMLInputElement && node.type === "radio" && !node.checked && node.name !== ""),
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  // Focus on the dialog itself (e.g. after a click on a picture) counts as before the first control.
  const onContainer = active === container || !container.contains(active);
  if (event.shiftKey && (active === first || onContainer)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
