import { Link } from 'wouter';
import { t } from '../i18n';
import './Breadcrumbs.css';

export interface Crumb {
  label: string;
  href?: string;
}

/** Breadcrumbs; home (/updates) always comes first (000 §2). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const all: Crumb[] = [{ label: t('common.home'), href: '/updates' }, ...items];
  return (
    <nav className="breadcrumbs" aria-label={t('common.breadcrumbs')}>
      <ol>
        {all.map((c, i) => {
          const last = i === all.length - 1;
          return (
            <li key={`${i}-${c.label}`}>
              {c.href && !last ? <Link href={c.href}>{c.label}</Link> : <span aria-current={last ? 'page' : undefined}>{c.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
