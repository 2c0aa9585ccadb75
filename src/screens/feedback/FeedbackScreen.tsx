import { t } from '../../i18n';
import { SITE } from '../../lib/siteLinks';
import { Breadcrumbs } from '../../ui/Breadcrumbs';

/** /feedback: the form has moved (000 §2, 001 §2); a link to the feedback portal. */
export default function FeedbackScreen() {
  return (
    <main className="static-page" data-screen="feedback">
      <Breadcrumbs items={[{ label: t('static.feedbackTitle') }]} />
      <h1>{t('static.feedbackTitle')}</h1>
      <p className="notice">{t('static.feedbackMoved')}</p>
      <p>
        <a className="button button--primary" href={SITE.feedbackPortal} target="_blank" rel="noopener noreferrer">
          {t('static.feedbackPortal')}
        </a>
      </p>
    </main>
  );
}
