import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { t } from '../i18n';
import { SITE } from '../lib/siteLinks';
import { SearchBox } from '../ui/SearchBox';
import { BetaWarning } from '../ui/BetaWarning';
import { CloseIcon } from '../../web/CloseIcon';
import { Footer } from './Footer';
import { GlobalErrorOutlet } from './GlobalErrorOutlet';
import { LanguageSettings } from './LanguageSettings';
import { ShellPopups } from './ShellPopups';
import { OfflineBanner } from '../screens/downloads/OfflineBanner';
import { ReaderLinks } from '../screens/downloads/ReaderLinks';

/** Header navigation (000 §2 Global layout). */
const NAV: { href: string; key: string; match: string; external?: boolean }[] = [
  { href: '/updates', key: 'shell.navUpdates', match: '/updates' },
  { href: '/featured', key: 'shell.navFeatured', match: '/featured' },
  { href: '/ranking', key: 'shell.navRanking', match: '/ranking' },
  { href: '/manga_list', key: 'shell.navMangaList', match: '/manga_list' },
  { href: SITE.creators, key: 'shell.navCreators', match: '', external: true },
  { href: '/favorited', key: 'shell.navFavorited', match: '/favorited' },
  { href: '/about_us', key: 'shell.navAbout', match: '/about_us' },
];

/** The language settings button is hidden on title and comments routes. */
function showsLanguageButton(path: string): boolean {
  return !/^\/(titles|comments)(\/|$)/.test(path);
}

/** The search box is hidden on the search page. */
function showsSearchBox(path: string): boolean {
  return !/^\/search_result(\/|$)/.test(path);
}

function NavLinks({ path, onNavigate }: { path: string; onNavigate?: () => void }) {
  return (
    <>
      {NAV.map((n) =>
        n.external ? (
          <a key={n.key} href={n.href} target="_blank" rel="noopener noreferrer" className="nav-link">
            {t(n.key)}
          </a>
        ) : (
          <Link
            key={n.key}
            href={n.href}
            className={`nav-link ${path.startsWith(n.match) ? 'nav-link--active' : ''}`}
            aria-current={path.startsWith(n.match) ? 'page' : undefined}
            onClick={onNavigate}
          >
            {t(n.key)}
          </Link>
        ),
      )}
    </>
  );
}

/**
 * The logo: the mark drawn inline and the name as text, so the name's box is the
 * text's own (an image's text was cut when its font was wider than the image).
 * Phones show the mark only.
 */
function Logo() {
  return (
    <Link href="/updates" className="logo" aria-label={t('shell.logoLabel')}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#e4002b" />
        <path d="M8 24V8h4l4 7 4-7h4v16h-4V15l-4 6-4-6v9z" fill="#fff" />
      </svg>
      <span className="logo__text" aria-hidden="true">
        {t('shell.logoText')}
      </span>
    </Link>
  );
}

function SideMenu({ open, onClose, path }: { open: boolean; onClose: () => void; path: string }) {
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="side-menu-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <nav className="side-menu" aria-label={t('shell.sideMenu')}>
        <button type="button" className="icon-button side-menu__close" aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </button>
        <NavLinks path={path} onNavigate={onClose} />
        <ReaderLinks path={path} onNavigate={onClose} />
        <hr />
        <Footer compact />
      </nav>
    </div>
  );
}

/** The main layout: header, routed content (or the global error screen), footer. */
export function Shell({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  // The path the side menu was opened on: it closes when the path changes.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === path;

  return (
    <div className="shell">
      <a href="#content" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <header className="header">
        <div className="header__bar">
          <button
            type="button"
            className="icon-button header__menu"
            aria-label={t('shell.openMenu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpenOn(path)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <Logo />
          <nav className="header__nav" aria-label={t('shell.mainNav')}>
            <NavLinks path={path} />
          </nav>
          <div className="header__tools">
            {showsSearchBox(path) ? <SearchBox /> : null}
            {showsLanguageButton(path) ? <LanguageSettings /> : null}
          </div>
        </div>
      </header>
      <SideMenu open={menuOpen} onClose={() => setMenuOpenOn(null)} path={path} />
      <div id="content" className="content">
        <OfflineBanner />
        <GlobalErrorOutlet>
          {path === '/updates' ? <BetaWarning /> : null}
          {children}
        </GlobalErrorOutlet>
      </div>
      <Footer />
      <ShellPopups />
    </div>
  );
}
