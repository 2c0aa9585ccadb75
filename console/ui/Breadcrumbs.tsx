import { Link } from 'wouter';
import './breadcrumbs.css';

export interface Crumb {
  label: string;
  /** Where it leads; the last crumb (the page itself) has none. */
  href?: string;
}

/**
 * Where a screen is: series › title › chapter, each a link but the page
 * itself (aria-current). `label` names the trail for screen readers; the
 * caller gives it in the console's words.
 */
export function Breadcrumbs({ items, label }: { items: readonly Crumb[]; label: string }) {
  return (
    <nav className="c-crumbs" aria-label={label}>
      <ol>
        {items.map((c, i) => (
          <li key={`${i}-${c.label}`}>
            {c.href && i < items.length - 1 ? (
              <Link href={c.href}>{c.label}</Link>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined}>{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
