import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './CloseIcon';
import { trapTab } from './focusTrap';
import './Modal.css';

/**
 * An accessible dialog: role=dialog (or alertdialog, for an alert the reader
 * must acknowledge), aria-modal, labelled by its title; Escape, the close
 * button and a click on the backdrop close it; focus moves in on open, Tab
 * stays inside while it is open, and focus goes back to where it was on close.
 * Its one word, the close button's name, comes from the app's own catalog
 * (`closeLabel`): the reader's src/ui/Modal.tsx and the console pass theirs.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  className,
  role = 'dialog',
  closeLabel,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  className?: string;
  role?: 'dialog' | 'alertdialog';
  /** The close button's accessible name, in the interface language. */
  closeLabel: string;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!open) return undefined;
    const before = document.activeElement as HTMLElement | null;
    box.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
      } else if (box.current) trapTab(e, box.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div ref={box} className={`modal ${className ?? ''}`} role={role} aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <header className="modal__header">
          <h2 id={`${id}-title`} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button modal__close" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
