import { Link } from 'wouter';
import { t } from '../../i18n';

/** The side menu's links to the reader's own screens: reading history and downloads. */
export function ReaderLinks({ path, onNavigate }: { path: string; onNavigate?: () => void }) {
  return (
    <>
      {(['history', 'downloads'] as const).map((area) => (
        <Link
          key={area}
          href={`/${area}`}
          className={`nav-link ${path === `/${area}` ? 'nav-link--active' : ''}`}
          aria-current={path === `/${area}` ? 'page' : undefined}
          onClick={onNavigate}
        >
          {t(`${area}.menu`)}
        </Link>
      ))}
    </>
  );
}
