import { useId, useState } from 'react';
import type { TitleFull } from '../../../core/console/schemas/catalog';
import { t } from '../../i18n';

export const TEXT_FIELDS = ['name', 'author', 'overview', 'viewingPeriod', 'nonAppearance'] as const;
type Texts = Pick<TitleFull, (typeof TEXT_FIELDS)[number] | 'isNew'>;
/** What a save sends: the texts, and the flag only from an editor (the server refuses a localizer's). */
export type TextsPatch = Omit<Texts, 'isNew'> & Partial<Pick<Texts, 'isNew'>>;
const LONG = new Set(['overview', 'viewingPeriod', 'nonAppearance']);

/**
 * One language's title texts: a form, or the reference column beside it (read
 * only). `flags`: whether the member changes the title's isNew flag (editors);
 * a localizer sees it disabled, with why, and a save leaves it out.
 */
export function TitleTexts({
  title,
  heading,
  readOnly = false,
  flags = true,
  onSave,
}: {
  title: TitleFull;
  heading: string;
  readOnly?: boolean;
  flags?: boolean;
  onSave?: (t: TextsPatch) => void;
}) {
  const id = useId();
  const [v, setV] = useState<Texts>({
    name: title.name,
    author: title.author,
    overview: title.overview,
    viewingPeriod: title.viewingPeriod,
    nonAppearance: title.nonAppearance,
    isNew: title.isNew,
  });
  return (
    <form
      className={`c-texts${readOnly ? ' c-texts--reference' : ''}`}
      lang={title.language}
      aria-label={heading}
      onSubmit={(e) => {
        e.preventDefault();
        const { isNew, ...texts } = v;
        onSave?.(flags ? { ...texts, isNew } : texts);
      }}
    >
      <h3>{heading}</h3>
      {TEXT_FIELDS.map((f) => (
        <div className="c-field" key={f}>
          <label htmlFor={`${id}-${f}`}>{t(`console.titles.${f}`)}</label>
          {LONG.has(f) ? (
            <textarea
              id={`${id}-${f}`}
              rows={f === 'overview' ? 5 : 2}
              readOnly={readOnly}
              value={v[f]}
              onChange={(e) => setV({ ...v, [f]: e.target.value })}
            />
          ) : (
            <input
              id={`${id}-${f}`}
              readOnly={readOnly}
              required={f === 'name'}
              value={v[f]}
              onChange={(e) => setV({ ...v, [f]: e.target.value })}
            />
          )}
        </div>
      ))}
      <label className="c-check">
        <input
          type="checkbox"
          disabled={readOnly || !flags}
          aria-describedby={readOnly || flags ? undefined : `${id}-isNew-why`}
          checked={v.isNew}
          onChange={(e) => setV({ ...v, isNew: e.target.checked })}
        />
        {t('console.titles.isNew')}
      </label>
      {readOnly || flags ? null : (
        <p className="c-field__hint" id={`${id}-isNew-why`}>
          {t('console.titles.isNewEditors')}
        </p>
      )}
      {readOnly ? null : (
        <button type="submit" className="c-button">
          {t('console.common.save')}
        </button>
      )}
    </form>
  );
}
