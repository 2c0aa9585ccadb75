import { CONSOLE_LOCALES, locale, t } from '../i18n';

export const LANG_KEY = 'console.lang';

/** English, Japanese or Thai (each named in its own language): stored for this browser, then the page reloads in it. */
export function LanguageSwitch() {
  return (
    <label className="c-lang">
      <span className="c-visually-hidden">{t('console.frame.language')}</span>
      <select
        value={locale()}
        onChange={(e) => {
          localStorage.setItem(LANG_KEY, e.target.value);
          window.location.reload();
        }}
      >
        {CONSOLE_LOCALES.map((l) => (
          <option key={l} value={l}>
            {t(`console.language.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
