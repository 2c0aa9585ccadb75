import { t } from '../../i18n';

/** Draft (seen only in the home preview) or published (shown to readers within its period). */
export function StatusField({ value, onChange }: { value: 'draft' | 'published'; onChange: (v: 'draft' | 'published') => void }) {
  return (
    <fieldset className="c-choices c-choices--row">
      <legend>{t('console.status.legend')}</legend>
      {(['draft', 'published'] as const).map((s) => (
        <label key={s}>
          <input type="radio" name="status" checked={value === s} onChange={() => onChange(s)} /> {t(`console.status.${s}`)}
        </label>
      ))}
    </fieldset>
  );
}
