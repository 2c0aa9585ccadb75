/**
 * What the viewer shows first, worked out the way the viewer works it out
 * (same items, layout, reading direction, resume point and camera), without
 * the viewer's code: the first-page drawing (src/boot/chapterStartDrawing.ts) draws
 * these pages while that code loads, and the viewer then draws the same
 * pages at the same places. Pure.
 */
import { modeOf, resolveMode, type ViewerMode } from './viewerMode';
import { cameraFor, goTo, HOME, type Geometry } from './camera';
import { buildLayout, slotTops, visiblePlacements, type Viewport } from './layout';
import { itemOf, type ChapterShape } from './pageShape';

export interface FirstPage {
  item: number;
  url: string;
  key: string;
  /** Where the viewer draws it, in CSS px of the viewer's stage. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface FirstViewPlan {
  mode: ViewerMode;
  /** The manga pages on screen at the resume point, in reading order. */
  pages: FirstPage[];
}

export function planFirstView(chapter: ChapterShape, viewport: Viewport, stored: ViewerMode | null, lastItem: number): FirstViewPlan {
  const mode = modeOf(
    resolveMode({ preferred: stored ?? 'vertical', verticalOnly: chapter.isVerticalOnly, horizontalOnly: chapter.isHorizontalOnly }),
  );
  const items = chapter.pages.map((p) => itemOf(p, viewport.width < 768));
  if (!items.length || viewport.width <= 0 || viewport.height <= 0) return { mode, pages: [] };
  const layout = buildLayout(items, { mode, rtl: chapter.startFromRight, viewport, verticalOnly: chapter.isVerticalOnly });
  const g: Geometry = {
    mode,
    rtl: layout.rtl,
    viewport,
    count: layout.spreads.length,
    tops: mode === 'vertical' ? slotTops(layout) : [],
    contentHeight: layout.contentHeight,
  };
  const item = Math.min(Math.max(0, lastItem), items.length - 1);
  const cam = cameraFor(g, goTo(g, HOME, layout.slotOfItem[item] ?? 0));
  const view = { x: cam.x, y: cam.y, w: viewport.width / cam.scale, h: viewport.height / cam.scale };
  const pages: FirstPage[] = [];
  for (const p of visiblePlacements(layout, view, 0)) {
    const it = items[p.item];
    // Only what is on screen (visiblePlacements keeps whole slots).
    if (it.kind !== 'manga' || !it.url || !it.key) continue;
    if (p.x >= view.x + view.w || p.x + p.w <= view.x || p.y >= view.y + view.h || p.y + p.h <= view.y) continue;
    pages.push({
      item: p.item,
      url: it.url,
      key: it.key,
      x: (p.x - cam.x) * cam.scale,
      y: (p.y - cam.y) * cam.scale,
      w: p.w * cam.scale,
      h: p.h * cam.scale,
    });
  }
  return { mode, pages };
}
