/**
 * Keeps Tab and Shift+Tab inside the viewer's open modal dialog (the
 * settings, language and key help dialogs: role=dialog, aria-modal): from
 * its last control back to its first and the other way round. The dialog
 * itself (src/ui/Modal.tsx) moves focus in when it opens and gives it back
 * when it closes.
 */
import { useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

export function useDialogFocusTrap(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]');
      const dialog = dialogs[dialogs.length - 1];
      if (!dialog) return;
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
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
