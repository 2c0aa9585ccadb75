import { t } from '../../i18n';
import { Secret } from '../../ui/ui';

/** A link just made, whom it is for and how its mail went ('sent', 'saved' in the server's mail folder, 'failed'). */
export interface MadeLink {
  link: string;
  email: string;
  mail: 'sent' | 'saved' | 'failed';
}

/** The link made (to copy or save), and what became of its mail: a failure is an alert, the link stands. */
export function LinkShown({ made }: { made: MadeLink }) {
  return (
    <div className="c-panel">
      <h2>{t('console.staff.link')}</h2>
      {made.mail === 'failed' ? (
        <p className="c-alert" role="alert">
          {t('console.staff.mailFailed', { email: made.email })}
        </p>
      ) : (
        <p className="c-notice" role="status">
          {made.mail === 'sent' ? t('console.staff.mailSent', { email: made.email }) : t('console.staff.mailSaved', { email: made.email })}
        </p>
      )}
      <Secret lines={[made.link]} fileName="enrolment-link.txt" label={t('console.staff.link')} />
    </div>
  );
}
