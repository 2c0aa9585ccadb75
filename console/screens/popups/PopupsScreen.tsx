import { useState } from 'react';
import type { Popup } from '../../../core/console/schemas/home';
import { t } from '../../i18n';
import { period } from '../../ui/format';
import { useCall } from '../../ui/useLoad';
import { Notice, Problem } from '../../ui/ui';
import { PopupEditor } from './PopupEditor';
import '../../ui/edit/edit.css';

/** Popups: the home's (one image or the app's own box) and titles' age notices; a popup keeps its id for "don't show again". */
export default function PopupsScreen() {
  const { data, error, reload } = useCall('GET /popups', {});
  const [editing, setEditing] = useState<Popup | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <h1>{t('console.area.popups')}</h1>
      <button type="button" className="c-button" onClick={() => setEditing('new')}>
        {t('console.popups.new')}
      </button>
      <Problem code={error} />
      <Notice text={notice} />
      {editing ? (
        <PopupEditor
          key={editing === 'new' ? 'new' : editing.id}
          popup={editing === 'new' ? null : editing}
          onSaved={(p) => {
            setNotice(t('console.popups.saved'));
            setEditing(p);
            reload();
          }}
          onDeleted={() => {
            setEditing(null);
            setNotice(t('console.popups.deleted'));
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {data && data.popups.length === 0 ? <p>{t('console.popups.none')}</p> : null}
      <ul className="c-list c-list--stacked">
        {data?.popups.map((p) => (
          <li key={p.id} className="c-banner-row">
            {p.image ? <img className="c-banner-row__image" src={p.image} alt="" /> : null}
            <div className="c-reorder__body">
              <p className="c-banner-row__title">
                {p.subject || t('console.popups.name', { id: String(p.id) })}{' '}
                <span className={`c-tag c-phase--${p.phase}`}>{t(`console.phase.${p.phase}`)}</span>
              </p>
              <p className="c-meta">
                {t(`console.popups.placement.${p.placement}`)} · {t(`console.popups.kind.${p.kind}`)} · {period(p.startAt, p.endAt)} ·{' '}
                {p.languages.length === 0 ? t('console.languages.all') : p.languages.join(', ')}
              </p>
            </div>
            <button
              type="button"
              className="c-button c-button--quiet"
              onClick={() => setEditing(p)}
              aria-label={t('console.popups.editNamed', { id: String(p.id) })}
            >
              {t('console.common.edit')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
