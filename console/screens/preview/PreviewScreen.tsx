import { useState } from 'react';
import type { Lang, PreviewGrant } from '../../../core/console/schemas/home';
import { LANGUAGES } from '../../../core/languages';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { LanguageSelect } from '../../ui/edit/LanguagePicker';
import { MomentField } from '../../ui/edit/MomentField';
import { Refusal } from '../../ui/edit/Refusal';
import '../../ui/edit/edit.css';
import '../../ui/badge.css';

/**
 * The home as a reader will see it: the server grants this browser a short
 * preview (an HttpOnly cookie its reader API honours for staff only) for a
 * language and a moment, and the reader's own app is shown in a frame, drafts
 * and scheduled items included.
 */
export default function PreviewScreen() {
  const [language, setLanguage] = useState('en');
  const [moment, setMoment] = useState<'now' | 'at'>('now');
  const [at, setAt] = useState<number | null>(null);
  const [grant, setGrant] = useState<PreviewGrant | null>(null);
  const [page, setPage] = useState<'home' | 'featured'>('home');
  const [refused, setRefused] = useState<unknown>(null);
  const [n, setN] = useState(0);
  return (
    <>
      <h1>{t('console.area.preview')}</h1>
      <form
        className="c-filters"
        onSubmit={(e) => {
          e.preventDefault();
          call('POST /preview-home', { body: { language: language as Lang, at: moment === 'now' ? null : at } }).then((g) => {
            setGrant(g);
            setRefused(null);
            setN((x) => x + 1);
          }, setRefused);
        }}
      >
        <LanguageSelect value={language} onChange={setLanguage} label={t('console.preview.language')} />
        <fieldset className="c-choices c-choices--row">
          <legend>{t('console.preview.moment')}</legend>
          <label>
            <input type="radio" name="moment" checked={moment === 'now'} onChange={() => setMoment('now')} /> {t('console.preview.now')}
          </label>
          <label>
            <input type="radio" name="moment" checked={moment === 'at'} onChange={() => setMoment('at')} /> {t('console.preview.later')}
          </label>
        </fieldset>
        {moment === 'at' ? <MomentField label={t('console.preview.at')} required value={at} onChange={setAt} /> : null}
        <button type="submit" className="c-button" disabled={moment === 'at' && at === null}>
          {t('console.preview.show')}
        </button>
      </form>
      <Refusal error={refused} />
      {grant ? (
        <section aria-labelledby="preview-of">
          <h2 id="preview-of">
            <span className="c-badge c-badge--preview">{t('console.preview.marker')}</span>{' '}
            {t('console.preview.of', {
              language: LANGUAGES.find((l) => l.short === grant.language)?.native ?? grant.language,
              at: when(grant.at),
            })}
          </h2>
          <p className="c-meta">{t('console.preview.markerHint')}</p>
          <p className="c-meta">{t('console.preview.expires', { at: when(grant.expiresAt) })}</p>
          <div className="c-row">
            {(['home', 'featured'] as const).map((p) => (
              <button key={p} type="button" className="c-button c-button--quiet" aria-pressed={page === p} onClick={() => setPage(p)}>
                {t(`console.preview.page.${p}`)}
              </button>
            ))}
            <button
              type="button"
              className="c-button c-button--quiet"
              onClick={() =>
                call('DELETE /preview-home').then(() => {
                  setGrant(null);
                  setRefused(null);
                }, setRefused)
              }
            >
              {t('console.preview.end')}
            </button>
          </div>
          <iframe key={`${n}-${page}`} className="c-preview" title={t('console.preview.frame')} src={grant.paths[page]} />
        </section>
      ) : null}
    </>
  );
}
