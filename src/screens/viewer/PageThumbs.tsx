import { useEffect, useRef, useState, type RefObject } from 'react';
import { THUMB_CELL_WIDTH, THUMB_HEIGHT } from '../../../core/viewer/pageThumbs';
import { t } from '../../i18n';
import type { ThumbSheets } from '../../viewer/thumbSheets';
import { useSheetUrl } from './usePageThumbs';
import './thumbs.css';

/** "Page 5", or "Pages 4–5" for a spread. */
export function pagesLabel(pages: readonly number[]): string {
  if (pages.length === 0) return '';
  const first = Math.min(...pages);
  const last = Math.max(...pages);
  return first === last ? t('thumbs.page', { n: first }) : t('thumbs.pages', { first, last });
}

/** Whether the element has come near the screen (always, where there is no IntersectionObserver). */
function useNearScreen(lazy: boolean): [RefObject<HTMLSpanElement | null>, boolean] {
  const ref = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(!lazy || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return undefined;
    const io = new IntersectionObserver(
      (es) => {
        if (es.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    io.observe(ref.current);
    return () => io.disconnect();
  }, [near]);
  return [ref, near];
}

/**
 * Page n's thumbnail: its cell of the chapter's sheet (an <img> of the sheet's
 * decoded blob: URL showing that cell alone), or an empty box the size of it
 * until the sheet is there (or when it failed). `lazy`: loaded once near the screen.
 */
function ThumbPicture({ sheets, n, lazy = false }: { sheets: ThumbSheets | null; n: number; lazy?: boolean }) {
  const cell = sheets?.page(n);
  const url = useSheetUrl(sheets, cell?.sheet);
  const [ref, near] = useNearScreen(lazy);
  useEffect(() => {
    if (near && cell && sheets) sheets.load(cell.sheet).catch(() => {});
  }, [near, cell, sheets]);
  const size = { width: cell?.width ?? THUMB_CELL_WIDTH, height: THUMB_HEIGHT };
  if (!url || !cell) return <span ref={ref} className="thumbs__picture thumbs__picture--empty" data-thumb-page={n} style={size} />;
  return (
    <img
      className="thumbs__picture"
      src={url}
      alt=""
      decoding="async"
      data-thumb-page={n}
      data-sheet={cell.sheet}
      data-x={cell.x}
      style={{ ...size, objectPosition: `${-cell.x}px 0` }}
    />
  );
}

/** A spread's pages side by side in reading order (right to left in a right-to-left book). */
export function SpreadPictures({
  sheets,
  pages,
  rtl,
  lazy = false,
}: {
  sheets: ThumbSheets | null;
  pages: number[];
  rtl: boolean;
  lazy?: boolean;
}) {
  return (
    <span className="thumbs__spread" dir={rtl ? 'rtl' : 'ltr'}>
      {pages.map((n) => (
        <ThumbPicture key={n} sheets={sheets} n={n} lazy={lazy} />
      ))}
    </span>
  );
}
