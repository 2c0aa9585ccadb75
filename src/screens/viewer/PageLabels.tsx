/**
 * What a screen reader finds over the canvas: one element per page on
 * screen, laid over the page where it is drawn (in the world layer that
 * follows the camera; the layout's placements are the renderer's rects),
 * named "Page 5 of 24, <chapter>, <title>" in the service language; and a
 * polite live region that announces the page the reader turned to.
 */
import { useEffect, useMemo, useState } from 'react';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import type { ViewerItem } from '../../../core/viewer/items';
import { mangaPageNumbers } from '../../../core/viewer/pageCounter';
import { visiblePlacements, type Layout, type Placement } from '../../../core/viewer/layout';
import { t } from '../../i18n';
import type { ViewerSession } from '../../viewer/session/viewerSession';

/** The manga pages the camera shows, as it moves (only a change re-renders). */
function useShownPages(session: ViewerSession, layout: Layout, numbers: Map<number, number>): Placement[] {
  const [shown, setShown] = useState<Placement[]>([]);
  useEffect(() => {
    const r = session.parts.renderer;
    if (!r) return undefined;
    let key = '';
    return r.onCamera((cam) => {
      const { width, height } = layout.viewport;
      const view = { x: cam.x, y: cam.y, w: width / cam.scale, h: height / cam.scale };
      const next = visiblePlacements(layout, view, 0).filter((p) => numbers.has(p.item));
      const k = next.map((p) => p.item).join(',');
      if (k === key) return;
      key = k;
      setShown(next);
    });
  }, [session, layout, numbers]);
  return shown;
}

interface Props {
  session: ViewerSession;
  layout: Layout;
  items: ViewerItem[];
  viewer: MangaViewer;
}

export function PageLabels({ session, layout, items, viewer }: Props) {
  const { of, total } = useMemo(() => mangaPageNumbers(items), [items]);
  const shown = useShownPages(session, layout, of);
  return (
    <>
      {shown.map((p) => (
        <div
          key={p.item}
          className="viewer-page-label"
          role="img"
          data-page-label={p.item}
          style={{ left: p.x, top: p.y, width: p.w, height: p.h }}
          aria-label={t('controls.pageLabel', { n: of.get(p.item)!, total, chapter: viewer.chapterName, title: viewer.titleName })}
        />
      ))}
    </>
  );
}

/** "Page 5 of 24": the first manga page of the spread the reader is at, said when it changes. */
export function PageAnnouncer({ layout, items, index }: { layout: Layout | null; items: ViewerItem[]; index: number }) {
  const { of, total } = useMemo(() => mangaPageNumbers(items), [items]);
  const n = layout?.spreads[index]?.items.map((i) => of.get(i)).find((x) => x !== undefined);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="viewer-announcer">
      {n !== undefined ? t('controls.pageAnnounce', { n, total }) : ''}
    </div>
  );
}
