import { Link } from 'wouter';
import { t } from '../../i18n';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { SocialLinks, StoreLinks } from '../../app/Footer';
import './static.css';

/** /about_us: what the service is (000 §1). */
export default function AboutScreen() {
  return (
    <main className="static-page" data-screen="about">
      <Breadcrumbs items={[{ label: t('static.aboutTitle') }]} />
      <h1>{t('static.aboutTitle')}</h1>
      <p className="lead">{t('static.aboutLead')}</p>
      <h2>{t('static.aboutWhatTitle')}</h2>
      <ul>
        <li>{t('static.aboutWhat1')}</li>
        <li>{t('static.aboutWhat2')}</li>
        <li>{t('static.aboutWhat3')}</li>
        <li>{t('static.aboutWhat4')}</li>
      </ul>
      <h2>{t('static.aboutLanguagesTitle')}</h2>
      <p>{t('static.aboutLanguages')}</p>
      <h2>{t('static.aboutAppTitle')}</h2>
      <p>{t('static.aboutApp')}</p>
      <StoreLinks />
      <SocialLinks />
      <p>
        <Link href="/rating">{t('static.ratingTitle')}</Link> · <Link href="/faq">{t('static.faqTitle')}</Link>
      </p>
    </main>
  );
}
