import { useState } from 'react';
import { LANGUAGES } from '../../../core/languages';
import { call } from '../../api/call';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { Field, Problem } from '../../ui/ui';

/** A new language for the series: its title's name (the other texts are written in the titles panel). */
export function AddTitle({ seriesId, taken, onAdded }: { seriesId: number; taken: string[]; onAdded: () => void }) {
  const free = LANGUAGES.filter((l) => !taken.includes(l.short));
  const [language, setLanguage] = useState<string>(free[0]?.short ?? '');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!free.length) return null;
  return (
    <form
      className="c-panel c-inline"
      aria-labelledby="add-title"
      onSubmit={(e) => {
        e.preventDefault();
        const body = { language, name, author: '', overview: '', viewingPeriod: '', nonAppearance: '', isNew: true };
        call('POST /series/:id/titles', { params: { id: seriesId }, body }).then(
          () => {
            setName('');
            setProblem(null);
            onAdded();
          },
          (err: unknown) => setProblem(problemCode(err)),
        );
      }}
    >
      <h2 id="add-title">{t('console.titles.add')}</h2>
      <div className="c-field">
        <label htmlFor="add-title-language">{t('console.catalog.language')}</label>
        <select id="add-title-language" value={language} onChange={(e) => setLanguage(e.target.value)}>
          {free.map((l) => (
            <option key={l.short} value={l.short}>
              {l.native}
            </option>
          ))}
        </select>
      </div>
      <Field label={t('console.catalog.name')} required value={name} onChange={(e) => setName(e.target.value)} />
      <Problem code={problem} />
      <button type="submit" className="c-button">
        {t('console.titles.addButton')}
      </button>
    </form>
  );
}
