import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** The width of the fade at a scrolling row's ends (screens/common.css, .tabs): a tab kept clear of it reads whole. */
const FADE_PX = 48;

/**
 * A row of tab links (`.tabs`). Where it is wider than the screen (a phone in
 * Russian or Thai) it scrolls sideways, and the current tab (`current`, the
 * key that changes with it) is scrolled whole into the row's view as the
 * screen opens: the row moves, never the page.
 */
export function TabNav({ label, current, children }: { label: string; current: string; children: ReactNode }) {
  const row = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = row.current;
    const tab = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !tab || el.scrollWidth <= el.clientWidth) return;
    const r = el.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    if (t.left < r.left + FADE_PX) el.scrollLeft -= r.left + FADE_PX - t.left;
    else if (t.right > r.right - FADE_PX) el.scrollLeft += t.right - (r.right - FADE_PX);
  }, [current]);
  return (
    <nav ref={row} className="tabs" aria-label={label}>
      {children}
    </nav>
  );
}
