import { Link } from 'wouter';
import { t } from '../i18n';
import { SITE, localizedPage } from '../lib/siteLinks';

const SOCIAL: { key: keyof typeof SITE.social; label: string; path: string }[] = [
  {
    key: 'x',
    label: 'X',
    path: 'M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z',
  },
  { key: 'facebook', label: 'Facebook', path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z' },
  {
    key: 'instagram',
    label: 'Instagram',
    path: 'M7 2h10a5 5 0 015 5v10a5 5 0 01-5 5H7a5 5 0 01-5-5V7a5 5 0 015-5zm5 5a5 5 0 100 10 5 5 0 000-10zm0 2a3 3 0 110 6 3 3 0 010-6zm5.5-3.5a1.2 1.2 0 100 2.4 1.2 1.2 0 000-2.4z',
  },
  {
    key: 'youtube',
    label: 'YouTube',
    path: 'M22 8.2a3 3 0 00-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 002 8.2 31 31 0 001.6 12 31 31 0 002 15.8a3 3 0 002.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 002.1-2.1c.4-1.2.4-3.8.4-3.8s0-2.6-.4-3.8zM10 15V9l5.2 3z',
  },
];

export function SocialLinks() {
  return (
    <ul className="social-links">
      {SOCIAL.map((s) => (
        <li key={s.key}>
          <a href={SITE.social[s.key]} target="_blank" rel="noopener noreferrer" aria-label={s.label}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d={s.path} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function StoreLinks() {
  return (
    <div className="store-links">
      <a href={SITE.appStore} target="_blank" rel="noopener noreferrer" className="store-badge">
        <img src="/images/app-store.svg" alt={t('shell.appStore')} width={135} height={40} />
      </a>
      <a href={SITE.playStore} target="_blank" rel="noopener noreferrer" className="store-badge">
        <img src="/images/google-play.svg" alt={t('shell.googlePlay')} width={135} height={40} />
      </a>
    </div>
  );
}

/** Footer (000 §2): help portal, community guidelines, social and store links, the 2019 notice. */
export function Footer({ compact = false }: { compact?: boolean }) {
  return (
    <footer className={compact ? 'footer footer--compact' : 'footer'}>
      <ul className="footer__links">
        <li>
          <a href={SITE.helpPortal} target="_blank" rel="noopener noreferrer">
            {t('shell.helpPortal')}
          </a>
        </li>
        <li>
          <a href={SITE.communityGuidelines} target="_blank" rel="noopener noreferrer">
            {t('shell.communityGuidelines')}
          </a>
        </li>
        <li>
          <Link href="/faq">{t('shell.faq')}</Link>
        </li>
        <li>
          <Link href="/announcement">{t('shell.announcements')}</Link>
        </li>
        <li>
          <Link href="/rating">{t('shell.rating')}</Link>
        </li>
        <li>
          <Link href="/feedback">{t('shell.feedback')}</Link>
        </li>
        <li>
          <a href={localizedPage('privacypolicy')} target="_blank" rel="noopener noreferrer">
            {t('shell.privacy')}
          </a>
        </li>
        <li>
          <a href={localizedPage('terms')} target="_blank" rel="noopener noreferrer">
            {t('shell.terms')}
          </a>
        </li>
        <li>
          <a href={localizedPage('copyright')} target="_blank" rel="noopener noreferrer">
            {t('shell.copyrightPage')}
          </a>
        </li>
      </ul>
      <SocialLinks />
      {compact ? null : <StoreLinks />}
      <p className="footer__copyright">{t('shell.copyright', { year: '2019' })}</p>
    </footer>
  );
}
