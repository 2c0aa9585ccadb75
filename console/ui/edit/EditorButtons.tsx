import { useId } from 'react';
import { t } from '../../i18n';

/**
 * Why Save is off: nothing changed since the last save, a field is not right yet, the member may not
 * change it, or readers' answers have fixed it.
 */
export type SaveHeld = 'unchanged' | 'invalid' | 'denied' | 'locked';

/**
 * The reason Save is off, first the one that matters most: no permission, then a field to fix, then
 * nothing to save. Null: Save is offered.
 */
export function saveHeld({ allowed = true, invalid, changed }: { allowed?: boolean; invalid: boolean; changed: boolean }): SaveHeld | null {
  if (!allowed) return 'denied';
  if (invalid) return 'invalid';
  return changed ? null : 'unchanged';
}

/**
 * An editor's buttons: save (the form's submit, off while `held`, the reason written beside it and
 * named by the button's description), delete once the item exists (`onDelete`, null before), and close.
 */
export function EditorButtons({ held, onDelete, onClose }: { held?: SaveHeld | null; onDelete: (() => void) | null; onClose: () => void }) {
  const reason = useId();
  return (
    <div className="c-row">
      <button type="submit" className="c-button" disabled={!!held} aria-describedby={held ? reason : undefined}>
        {t('console.common.save')}
      </button>
      {onDelete ? (
        <button type="button" className="c-button c-button--quiet" onClick={onDelete}>
          {t('console.common.delete')}
        </button>
      ) : null}
      <button type="button" className="c-button c-button--quiet" onClick={onClose}>
        {t('console.common.close')}
      </button>
      {held ? <SaveHeldReason id={reason} held={held} /> : null}
    </div>
  );
}

/** Why Save is off, in words (also for a form's own Save button). */
export function SaveHeldReason({ id, held }: { id: string; held: SaveHeld }) {
  return (
    <p id={id} className="c-field__hint c-save-held">
      {t(`console.save.held.${held}`)}
    </p>
  );
}
