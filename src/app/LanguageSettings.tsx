import { memo } from 'react';
import { useSelector } from '@xstate/react';
import { t } from '../i18n';
import { LANGUAGES } from '../../core/languages';
import { Modal } from '../ui/Modal';
import { useLanguageActor } from './LanguageProvider';
import './LanguageSettings.css';

/**
 * The settings button of the header and its modal (service and content languages). Memoised: it has no props and
 * follows the language actor only, so the shell's render on every navigation need not render it.
 */
export const LanguageSettings = memo(function LanguageSettings() {
  const actor = useLanguageActor();
  const open = useSelector(actor, (s) => s.matches('open'));
  const current = useSelector(actor, (s) => s.context.serviceLang);
  return (
    <>
      <button
        type="button"
        className="icon-button language-button"
        aria-label={`${current.toUpperCase()}, ${t('settings.open')}`}
        aria-haspopup="dialog"
        onClick={() => actor.send({ type: 'settings.open' })}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.8" fill="none" />
          <path
            d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9S14.5 18.4 12 21c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
            stroke="currentColor"
            strokeWidth="1.8"
            fill="none"
          />
        </svg>
        <span className="language-button__code">{current.toUpperCase()}</span>
      </button>
      <Modal open={open} onClose={() => actor.send({ type: 'settings.close' })} title={t('settings.title')} className="language-modal">
        <LanguageSettingsBody />
      </Modal>
    </>
  );
});

function LanguageSettingsBody() {
  const actor = useLanguageActor();
  const { serviceLang, contentLangs, available } = useSelector(actor, (s) => s.context);
  const count = (code: string) => available.find((a) => a.code === code)?.titlesCount;
  const reloading = useSelector(actor, (s) => s.matches('reloading'));
  return (
    <div className="language-settings">
      <fieldset>
        <legend>{t('settings.serviceLanguage')}</legend>
        <p className="hint">{t('settings.serviceHint')}</p>
        <ul className="language-settings__list">
          {LANGUAGES.map((l) => (
            <li key={l.short}>
              <label htmlFor={`service-lang-${l.short}`}>
                <input
                  id={`service-lang-${l.short}`}
                  type="radio"
                  name="service-lang"
                  checked={serviceLang === l.short}
                  disabled={serviceLang === l.short || reloading}
                  onChange={(e) => actor.send({ type: 'service.select', lang: e.currentTarget.id.slice(-2) })}
                />
                <span lang={l.short}>{l.native}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend>{t('settings.contentLanguages')}</legend>
        <p className="hint">{t('settings.contentHint')}</p>
        <ul className="language-settings__list">
          {LANGUAGES.map((l) => {
            const on = contentLangs.includes(l.short);
            const n = count(l.short);
            return (
              <li key={l.short}>
                <label>
                  <input
                    type="checkbox"
                    name="content-lang"
                    value={l.short}
                    checked={on}
                    disabled={(on && contentLangs.length === 1) || reloading}
                    onChange={() => actor.send({ type: 'content.toggle', lang: l.short })}
                  />
                  <span lang={l.short}>{l.native}</span>
                  {n !== undefined ? <span className="language-settings__count">{t('settings.titlesCount', { count: n })}</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {reloading ? <p role="status">{t('common.loading')}</p> : null}
    </div>
  );
}
