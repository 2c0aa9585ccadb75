import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { saveScrollPositions, storedScrollPositions } from '../lib/storage';

/**
 * Scroll on navigation (000 §2): back/forward restores the position the
 * entry had; any other navigation goes to the hash target if there is one,
 * else to the top. Positions live in session storage by a key written into
 * each history entry's state (wouter leaves the state alone) when its first
 * position is saved; an entry without one has none saved.
 *
 * A back/forward is told by a popstate listener added when this module loads,
 * so before the router's own: the router re-renders inside its listener (the
 * route effect below runs before a listener added later would), and that effect
 * must already know the navigation was a pop. A list
 * comes back short (its data loads after the route), and sections drawn late
 * shift it: the position is applied on every frame until it has held for a few
 * frames, the reader scrolls (wheel, touch, keys), another navigation starts,
 * or GIVE_UP_MS passes.
 */
const GIVE_UP_MS = 10_000;
const SETTLED_FRAMES = 10;
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

let popped = false;
/** While a position is being restored the page is short: its scroll events are not the entry's position. */
let restoring = false;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => (popped = true));
  // wouter announces its pushes as events: a hash-only popstate must not make the next push a pop.
  window.addEventListener('pushState', () => (popped = false));
}

/** The current history entry's key; undefined while it has none (no position saved for it). */
function savedKey(): string | undefined {
  return ((history.state ?? {}) as { scrollKey?: string }).scrollKey;
}

/** The current history entry's key, written into its state the first time. */
function entryKey(): string {
  const saved = savedKey();
  if (saved) return saved;
  const key = Math.random().toString(36).slice(2);
  history.replaceState({ ...(history.state as object | null), scrollKey: key }, '');
  return key;
}

/**
 * Calls `fn` now and on every frame until it has answered true SETTLED_FRAMES frames in a
 * row (content still arriving shifts the page: a late section or scroll anchoring moves
 * what was reached), the reader takes over, or GIVE_UP_MS passes. Answers the cancel.
 */
function untilDone(fn: () => boolean): () => void {
  const start = performance.now();
  let raf = 0;
  let settled = 0;
  const stop = () => {
    restoring = false;
    cancelAnimationFrame(raf);
    for (const e of USER_INPUT) window.removeEventListener(e, stop);
  };
  const step = () => {
    settled = fn() ? settled + 1 : 0;
    if (settled >= SETTLED_FRAMES || performance.now() - start > GIVE_UP_MS) return stop();
    raf = requestAnimationFrame(step);
  };
  restoring = true;
  for (const e of USER_INPUT) window.addEventListener(e, stop, { passive: true });
  step();
  return stop;
}

function scrollToHash(hash: string): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  let done = false;
  return untilDone(() => {
    if (done) return true;
    const el = id ? document.getElementById(id) : null;
    if (!el) return false;
    el.scrollIntoView({ block: 'start' });
    return (done = true);
  });
}

function restore(pos: [number, number]): () => void {
  return untilDone(() => {
    if (Math.abs(window.scrollY - pos[1]) < 2) return true;
    window.scrollTo(pos[0], pos[1]);
    return false;
  });
}

export function useScrollRestoration(): void {
  const [location] = useLocation();
  const search = useSearch();

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let raf = 0;
    const onScroll = () => {
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(() => {
        if (restoring) return;
        const all = storedScrollPositions();
        all[entryKey()] = [window.scrollX, window.scrollY];
        saveScrollPositions(all);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(raf);
    };
  }, []);

  useEffect(() => {
    const wasPop = popped;
    popped = false;
    // Only a back/forward reads the entry's key here. A new entry is given one when its first position is saved (the
    // scroll listener's frame): the replaceState that writes it is not part of the navigation's task.
    const key = wasPop ? savedKey() : undefined;
    if (key) {
      const pos = storedScrollPositions()[key];
      if (pos) return restore(pos);
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
