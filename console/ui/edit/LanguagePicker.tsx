import { LANGUAGES, type ShortCode } from '../../../core/languages';
import { plural, t } from '../../i18n';

/** Target languages as checkboxes; none ticked means every language. */
export function LanguagePicker({
  value,
  onChange,
  legend,
}: {
  value: readonly string[];
  onChange: (v: ShortCode[]) => void;
  legend?: string;
}) {
  return (
    <fieldset className="c-choices c-choices--row">
      <legend>{legend ?? t('console.languages.legend')}</legend>
      {LANGUAGES.map((l) => (
        <label key={l.short} lang={l.locale}>
          <input
            type="checkbox"
            checked={value.includes(l.short)}
            onChange={(e) => onChange(LANGUAGES.map((x) => x.short).filter((c) => (c === l.short ? e.target.checked : value.includes(c))))}
          />
          {l.native}
        </label>
      ))}
      <p className="c-field__hint">{value.length === 0 ? t('console.languages.all') : plural('console.languages.some', value.length)}</p>
    </fieldset>
  );
}

/** One language (the editor's texts are written per language). */
export function LanguageSelect({ value, onChange, label }: { value: string; onChange: (v: ShortCode) => void; label: string }) {
  return (
    <label className="c-inline">
      {label}{' '}
      <select value={value} onChange={(e) => onChange(e.target.value as ShortCode)}>
        {LANGUAGES.map((l) => (
          <option key={l.short} value={l.short} lang={l.locale}>
            {l.native}
          </option>
        ))}
      </select>
    </label>
  );
}
