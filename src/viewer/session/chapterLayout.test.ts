import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { LastPageSchema, MangaViewerSchema } from '../../../core/gen/manga/v1/viewer_pb';
import { buildLayout } from '../../../core/viewer/layout';
import type { Item } from '../../../core/viewer/spreads';
import { geometryOf, isNextChapterOut, nextChapterOf } from './chapterLayout';

const last = (o: { next?: number; at?: number }) =>
  create(LastPageSchema, { ...(o.next ? { nextChapter: { chapterId: o.next } } : {}), nextTimeStamp: o.at ?? 0 });
const viewer = (o: { next?: number; at?: number }) =>
  create(MangaViewerSchema, { pages: [{ data: { case: 'lastPage', value: last(o) } }] });

describe('the next chapter of the end page', () => {
  it('is fetched ahead only when it is out (no release time)', () => {
    expect(nextChapterOf(viewer({ next: 14 }))).toBe(14);
    expect(nextChapterOf(viewer({ next: 14, at: 1_900_000_000 }))).toBeUndefined();
    expect(nextChapterOf(viewer({}))).toBeUndefined();
  });

  it('is a link only once its release time has passed', () => {
    const at = 1_900_000_000;
    expect(isNextChapterOut(last({ next: 14, at }), at * 1000 - 1)).toBe(false);
    expect(isNextChapterOut(last({ next: 14, at }), at * 1000)).toBe(true);
    expect(isNextChapterOut(last({ next: 14 }), 0)).toBe(true);
    expect(isNextChapterOut(last({}), at * 1000)).toBe(false);
  });
});

describe('the paging geometry of a layout', () => {
  const items: Item[] = [0, 1, 2].map(() => ({ kind: 'manga', type: 'single', width: 1000, height: 2000 }));
  const viewport = { width: 1000, height: 800 };

  it('horizontal: the slot rects, so the camera pans through a slot larger than the window', () => {
    const l = buildLayout(items, { mode: 'horizontal', rtl: false, viewport, fit: 'width' });
    const g = geometryOf(l);
    expect(g).toMatchObject({ mode: 'horizontal', count: 2, tops: [], contentHeight: 800 });
    // The first page alone, as wide as the window; then a pair (with its gutter) as wide as the window.
    expect(g.slots?.[0]).toEqual({ x: 0, y: 0, w: 1000, h: 2000 });
    expect(g.slots?.[1]).toMatchObject({ x: 1000, y: 0, w: 1000 });
    expect(g.slots?.[1].h).toBeCloseTo((2000 * 1000) / 2016, 6);
  });

  it('vertical: the tops of the slots and the column height, no slot rects', () => {
    const l = buildLayout(items, { mode: 'vertical', rtl: false, viewport, verticalOnly: true });
    const g = geometryOf(l);
    expect(g).toMatchObject({ mode: 'vertical', count: 3, tops: [0, 1600, 3200], contentHeight: 4800 });
    expect(g.slots).toBeUndefined();
  });
});
