import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { saveScrollPositions, storedScrollPositions } from '../lib/storage';

/**
 * Scroll on navigation (000 §2): back/forward restores the position the
 * entry had; any other navigation goes to the hash target if there is one,
 * else to the top. Positions live in session storage by a key written into
 * each history entry's state (wouter leaves the state alone).
 */
const MAX_WAIT_MS = 2000;

function entryKey(): string {
  const st = (history.state ?? {}) as { scrollKey?: string };
  if (st.scrollKey) return st.scrollKey;
  const key = Math.random().toString(36).slice(2);
  history.replaceState({ ...(history.state as object | null), scrollKey: key }, '');
  return key;
}

/** Retries until the page is tall enough / the target exists (content loads after the route). */
function until(fn: () => boolean): () => void {
  const start = performance.now();
  let raf = 0;
  const step = () => {
    if (fn() || performance.now() - start > MAX_WAIT_MS) return;
    raf = requestAnimationFrame(step);
  };
  step();
  return () => cancelAnimationFrame(raf);
}

function scrollToHash(hash: string): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return until(() => {
    const el = id ? document.getElementById(id) : null;
    if (!el) return false;
    el.scrollIntoView({ block: 'start' });
    return true;
  });
}

export function useScrollRestoration(): void {
  const [location] = useLocation();
  const search = useSearch();
  const popped = useRef(false);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onPop = () => (popped.current = true);
    let raf = 0;
    const onScroll = () => {
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(() => {
        const all = storedScrollPositions();
        all[entryKey()] = [window.scrollX, window.scrollY];
        saveScrollPositions(all);
      });
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(raf);
    };
  }, []);

  useEffect(() => {
    const wasPop = popped.current;
    popped.current = false;
    const key = entryKey();
    if (wasPop) {
      const pos = storedScrollPositions()[key];
      if (pos) {
        return until(() => {
          window.scrollTo(pos[0], pos[1]);
          return Math.abs(window.scrollY - pos[1]) < 2;
        });
      }
    }
    if (window.location.hash) return scrollToHash(window.location.hash);
    window.scrollTo(0, 0);
    return undefined;
  }, [location, search]);

  // A hash link on the same page changes only the hash.
  useEffect(() => {
    const onHash = () => scrollToHash(window.location.hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
}
