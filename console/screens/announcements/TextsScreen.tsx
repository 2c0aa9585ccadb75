import { useState } from 'react';
import type { Lang } from '../../../core/console/schemas/home';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { useCall } from '../../ui/useLoad';
import { Notice, Problem } from '../../ui/ui';
import { LanguageSelect } from '../../ui/edit/LanguagePicker';
import { TextEditor } from './TextEditor';
import { headingOf, type TextItem, type TextKind } from './texts';
import '../../ui/edit/edit.css';

/** Service announcements or a publisher's news, per language: the list and the rich-text editor. */
function TextsScreen({ kind }: { kind: TextKind }) {
  const [language, setLanguage] = useState('en');
  const [publisher, setPublisher] = useState(0);
  const publishers = useCall('GET /news/publishers', kind === 'news' ? {} : null);
  const pid = publisher || publishers.data?.publishers[0]?.id || 0;
  const lang = language as Lang;
  // One list per kind: the other's is not asked for.
  const news = useCall('GET /news', kind === 'news' ? { query: { language: lang, ...(pid ? { publisher: pid } : {}) } } : null);
  const announcements = useCall('GET /announcements', kind === 'news' ? null : { query: { language: lang } });
  const { error, reload } = kind === 'news' ? news : announcements;
  const data = kind === 'news' ? news.data : announcements.data;
  const [editing, setEditing] = useState<TextItem | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const items: TextItem[] = (kind === 'news' ? news.data?.news : announcements.data?.announcements) ?? [];
  return (
    <>
      <h1>{t(`console.area.${kind}`)}</h1>
      <div className="c-row">
        <LanguageSelect value={language} onChange={setLanguage} label={t('console.texts.language')} />
        {kind === 'news' ? (
          <label className="c-inline">
            {t('console.texts.publisher')}{' '}
            <select value={pid} onChange={(e) => setPublisher(Number(e.target.value))}>
              {publishers.data?.publishers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="button" className="c-button" onClick={() => setEditing('new')}>
          {t(`console.texts.new.${kind}`)}
        </button>
      </div>
      <Problem code={error} />
      <Notice text={notice} />
      {editing ? (
        <TextEditor
          key={editing === 'new' ? `new-${language}` : editing.id}
          kind={kind}
          item={editing === 'new' ? null : editing}
          language={language}
          publisherId={pid}
          onSaved={(x) => {
            setNotice(t('console.texts.saved'));
            setEditing(x);
            reload();
          }}
          onDeleted={() => {
            setEditing(null);
            setNotice(t('console.texts.deleted'));
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {data && items.length === 0 ? <p>{t('console.texts.none')}</p> : null}
      <ul className="c-list c-list--stacked">
        {items.map((x) => (
          <li key={x.id} className="c-row">
            <div>
              <p className="c-banner-row__title">
                {headingOf(x)} <span className={`c-tag c-phase--${x.phase}`}>{t(`console.phase.${x.phase}`)}</span>
              </p>
              <p className="c-meta">
                {x.publishAt > 0 ? t('console.texts.publishAt', { at: when(x.publishAt) }) : t('console.texts.publishedFromStart')}
              </p>
            </div>
            <button
              type="button"
              className="c-button c-button--quiet"
              onClick={() => setEditing(x)}
              aria-label={t('console.texts.editNamed', { name: headingOf(x) })}
            >
              {t('console.common.edit')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function AnnouncementsScreen() {
  return <TextsScreen kind="announcements" />;
}

export function NewsScreen() {
  return <TextsScreen kind="news" />;
}
