import { useId } from 'react';
import type { Action } from '../../../core/console/schemas/home';
import { t } from '../../i18n';
import { ChapterPicker } from '../pickers/ChapterPicker';
import { TitlePicker } from '../pickers/TitlePicker';
import { ACTION_KINDS, fromAction, toAction, type ActionTarget } from './actionUrl';

/** What a tap on the banner or popup does: nothing, a title, a chapter, a page in the app, a web address. */
export function ActionFields({ value, onChange, error }: { value: Action; onChange: (a: Action) => void; error?: string | null }) {
  const id = useId();
  const target = fromAction(value);
  const set = (a: ActionTarget) => onChange(toAction(a));
  return (
    <fieldset className="c-action">
      <legend>{t('console.action.legend')}</legend>
      <div className="c-field">
        <label htmlFor={`${id}-kind`}>{t('console.action.kind')}</label>
        <select
          id={`${id}-kind`}
          value={target.kind}
          onChange={(e) => {
            const k = e.target.value as ActionTarget['kind'];
            set(k === 'none' ? { kind: k } : k === 'title' || k === 'chapter' ? { kind: k, id: '' } : { kind: k, url: 'https://' });
          }}
        >
          {ACTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`console.action.${k}`)}
            </option>
          ))}
        </select>
      </div>
      {target.kind === 'title' ? (
        <TitlePicker value={Number(target.id) || 0} onChange={(titleId) => set({ kind: 'title', id: titleId ? String(titleId) : '' })} />
      ) : null}
      {target.kind === 'chapter' ? (
        <ChapterPicker
          value={Number(target.id) || 0}
          onChange={(chapterId) => set({ kind: 'chapter', id: chapterId ? String(chapterId) : '' })}
        />
      ) : null}
      {target.kind === 'webview' || target.kind === 'web' ? (
        <div className="c-field">
          <label htmlFor={`${id}-url`}>{t('console.action.url')}</label>
          <input
            id={`${id}-url`}
            type="url"
            pattern="https://.*"
            required
            value={target.url}
            onChange={(e) => set({ ...target, url: e.target.value })}
          />
        </div>
      ) : null}
      {error ? (
        <p className="c-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
