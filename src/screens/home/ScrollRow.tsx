import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '../../i18n';
import './ScrollRow.css';

/** 000 §9: a horizontal list scrolls 550 px per click. */
const ROW_SCROLL_PX = 550;

/** Which ways a row can still scroll (a pixel of rounding is not a way). */
function ways(el: HTMLElement): { back: boolean; on: boolean } {
  const max = el.scrollWidth - el.clientWidth;
  return { back: el.scrollLeft > 1, on: el.scrollLeft < max - 1 };
}

/**
 * A row of cards that scrolls sideways, 550 px per arrow click (the browser stops it at
 * the ends). An arrow shows only while its way can scroll: checked on scroll, and when
 * the row or its cards change size (a resize, covers loading, cards added).
 */
export function ScrollRow({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [can, setCan] = useState({ back: false, on: false });
  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const next = ways(el);
    setCan((c) => (c.back === next.back && c.on === next.on ? c : next));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    update();
    // Window resizes always; the row's and its cards' own sizes where the browser can watch them.
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    ro?.observe(el);
    for (const child of el.children) ro?.observe(child);
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      ro?.disconnect();
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [update, children]);
  const by = (dx: number) => ref.current?.scrollBy({ left: dx, behavior: 'smooth' });
  return (
    <div className="scroll-row">
      {can.back ? (
        <button
          type="button"
          className="scroll-row__arrow scroll-row__arrow--prev"
          aria-label={t('home.scrollLeft', { name: label })}
          onClick={() => by(-ROW_SCROLL_PX)}
        >
          ‹
        </button>
      ) : null}
      <div className="scroll-row__items" ref={ref}>
        {children}
      </div>
      {can.on ? (
        <button
          type="button"
          className="scroll-row__arrow scroll-row__arrow--next"
          aria-label={t('home.scrollRight', { name: label })}
          onClick={() => by(ROW_SCROLL_PX)}
        >
          ›
        </button>
      ) : null}
    </div>
  );
}
