import { Link } from 'wouter';
import { t } from '../../i18n';
import './errors.css';

/** The error / not-found page: "Page Not Found", kept out of search indexes. */
export default function NotFoundScreen() {
  return (
    <main className="error-screen" data-screen="not-found">
      <title>{`${t('errors.notFoundTitle')} | ${t('common.appName')}`}</title>
      <meta name="robots" content="noindex" />
      <img className="error-screen__image" src="/images/not-found.svg" alt="" width={320} height={200} />
      <h1>{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFoundBody')}</p>
      <Link href="/updates" className="button button--primary">
        {t('errors.backHome')}
      </Link>
    </main>
  );
}
