/** What Tab can reach inside a dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside an open dialog: from its last control back
 * to its first and the other way round (and into it, when focus is outside).
 */
export function trapTab(e: KeyboardEvent, dialog: HTMLElement): void {
  if (e.key !== 'Tab') return;
  const all = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (all.length === 0) return;
  const [first, last] = [all[0], all[all.length - 1]];
  const at = document.activeElement;
  const outside = !(at instanceof Node) || !dialog.contains(at);
  if (e.shiftKey && (outside || at === first || at === dialog)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (outside || at === last)) {
    e.preventDefault();
    first.focus();
  }
}
