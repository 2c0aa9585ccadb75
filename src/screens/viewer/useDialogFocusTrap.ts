/**
 * Keeps Tab and Shift+Tab inside the viewer's topmost open modal dialog (the
 * settings, language and key help dialogs: role=dialog, aria-modal): from
 * its last control back to its first and the other way round. The dialog
 * itself (src/ui/Modal.tsx) moves focus in when it opens and gives it back
 * when it closes.
 */
import { useEffect } from 'react';
import { trapTab } from '../../../web/focusTrap';

export function useDialogFocusTrap(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]');
      const dialog = dialogs[dialogs.length - 1];
      if (dialog) trapTab(e, dialog);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
