import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { t } from '../i18n';
import { useMember, useSession } from '../ui/sessionContext';
import { areasFor } from './nav';
import { Roles } from '../ui/ui';
import { LanguageSwitch } from './LanguageSwitch';
import './frame.css';

/** The console's frame: skip link, the areas the member's roles reach, who is signed in, sign-out. */
export function Frame({ children }: { children: ReactNode }) {
  const member = useMember();
  const session = useSession();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  // A new screen: focus its content, so keyboard and screen-reader users start there.
  useEffect(() => {
    main.current?.focus();
  }, [location]);
  const areas = areasFor(member.roles);
  return (
    <div className="c-frame">
      <a className="c-skip" href="#console-main">
        {t('console.frame.skip')}
      </a>
      <header className="c-top">
        <span className="c-brand">{t('console.frame.brand')}</span>
        <button
          type="button"
          className="c-button c-button--quiet c-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {t('console.frame.menu')}
        </button>
        <div className="c-who">
          <span className="c-who__name">{member.name}</span>
          <Roles roles={member.roles} />
        </div>
        <LanguageSwitch />
        <button type="button" className="c-button c-button--quiet" onClick={session.signOut}>
          {t('console.frame.signOut')}
        </button>
      </header>
      <nav id="console-nav" className={`c-nav${menuOpen ? ' c-nav--open' : ''}`} aria-label={t('console.frame.nav')}>
        <ul>
          {areas.map((a) => (
            <li key={a.path}>
              <Link href={a.path} onClick={() => setMenuOpen(false)} aria-current={location === a.path ? 'page' : undefined}>
                {t(`console.area.${a.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="console-main" ref={main} tabIndex={-1} className="c-main">
        {children}
      </main>
    </div>
  );
}
