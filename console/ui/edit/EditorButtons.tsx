import { t } from '../../i18n';

/**
 * An editor's buttons: save (the form's submit, off while `bad`), delete once the item exists (`onDelete`, null
 * before), and close.
 */
export function EditorButtons({ bad, onDelete, onClose }: { bad?: boolean; onDelete: (() => void) | null; onClose: () => void }) {
  return (
    <div className="c-row">
      <button type="submit" className="c-button" disabled={bad}>
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
    </div>
  );
}
