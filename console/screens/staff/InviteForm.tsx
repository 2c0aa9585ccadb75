import { useId, useState } from 'react';
import { isRole, ROLES } from '../../../core/console/roles';
import { call } from '../../api/call';
import { CONSOLE_LOCALES, locale, t } from '../../i18n';
import { useReauth } from '../../ui/reauth';
import { Field, Problem, RolePicker } from '../../ui/ui';
import type { MadeLink } from './LinkShown';

const noop = () => {};

/** An invitation: email, roles, languages (for localizers), the mail's language → a one-time enrolment link, mailed and shown. */
export function InviteForm({ onInvited }: { onInvited: (made: MadeLink) => void }) {
  const [email, setEmail] = useState('');
  const [mailLocale, setMailLocale] = useState<string>(locale());
  const id = useId();
  const [roles, setRoles] = useState<string[]>([]);
  const [languages, setLanguages] = useState('');
  const reauth = useReauth(noop);
  return (
    <section aria-labelledby="invite">
      <h2 id="invite">{t('console.staff.invite')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const langs = languages.split(/[\s,]+/).filter(Boolean);
          // An owner's invitation asks for the password again (the dialog shows a wrong one's message).
          reauth.run(() =>
            call('POST /invitations', {
              body: { email: email.trim(), roles: roles.filter(isRole), languages: langs, locale: mailLocale },
            }).then((a) => {
              setEmail('');
              setRoles([]);
              setLanguages('');
              onInvited({ link: a.link, email: email.trim(), mail: a.mail });
            }),
          );
        }}
      >
        <Field label={t('console.signIn.email')} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <RolePicker all={ROLES} value={roles} onChange={setRoles} legend={t('console.staff.roles')} />
        <Field
          label={t('console.staff.languages')}
          hint={t('console.staff.languagesHint')}
          value={languages}
          onChange={(e) => setLanguages(e.target.value)}
        />
        <div className="c-field">
          <label htmlFor={`${id}-mail`}>{t('console.staff.mailLanguage')}</label>
          <select id={`${id}-mail`} value={mailLocale} onChange={(e) => setMailLocale(e.target.value)}>
            {CONSOLE_LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`console.language.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <Problem code={reauth.failure} />
        <button type="submit" className="c-button" disabled={reauth.busy || roles.length === 0}>
          {t('console.staff.sendInvite')}
        </button>
      </form>
      {reauth.dialog}
    </section>
  );
}
