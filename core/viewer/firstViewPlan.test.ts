import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { MangaViewerSchema, PageType, type Page } from '../gen/manga/v1/viewer_pb';
import { planFirstView } from './firstViewPlan';
import { chapterShape, toItems } from './items';
import { itemOf, type ChapterShape, type PageShape } from './pageShape';

const manga = (i: number, type: PageShape & { kind: 'manga' } extends { type: infer T } ? T : never = 'single'): PageShape => ({
  kind: 'manga',
  type,
  width: 960,
  height: 1360,
  url: `/img/page/1/${i}/high.webp`,
  key: 'ab'.repeat(32),
});
const chapter = (pages: PageShape[], o: Partial<ChapterShape> = {}): ChapterShape => ({
  startFromRight: false,
  isVerticalOnly: false,
  isHorizontalOnly: false,
  pages,
  ...o,
});
const pages = (n: number) => Array.from({ length: n }, (_, i) => manga(i));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const items = (p: ReturnType<typeof planFirstView>) => p.pages.map((x) => x.item);

describe('the pages the viewer shows first, and where', () => {
  it('vertical (the default) on a desktop: the first page at the top of the 800 px column', () => {
    const p = planFirstView(chapter(pages(10)), DESKTOP, null, 0);
    expect(p.mode).toBe('vertical');
    expect(p.pages).toEqual([
      { item: 0, url: '/img/page/1/0/high.webp', key: 'ab'.repeat(32), x: 240, y: 0, w: 800, h: (800 * 1360) / 960 },
    ]);
  });

  it('vertical on a phone: the two pages the column shows, 30 px apart (0 for vertical-only chapters)', () => {
    const h = (390 * 1360) / 960;
    const p = planFirstView(chapter(pages(10)), PHONE, null, 0);
    expect(items(p)).toEqual([0, 1]);
    expect(p.pages[1].y).toBeCloseTo(h + 30);
    expect(planFirstView(chapter(pages(10), { isVerticalOnly: true }), PHONE, 'horizontal', 0).pages[1].y).toBeCloseTo(h);
  });

  it('resumes on the page last read (at the top of the window), clamped to the chapter', () => {
    expect(planFirstView(chapter(pages(10)), DESKTOP, null, 4).pages.map((x) => [x.item, x.y])).toEqual([[4, 0]]);
    expect(planFirstView(chapter(pages(10)), DESKTOP, null, 99).pages.map((x) => [x.item, x.y])).toEqual([[9, 0]]);
    // Short pages at the end: the column's end stays at the bottom of the window.
    const short = Array.from({ length: 6 }, (_, i) => ({ ...manga(i), height: 480 }));
    const end = planFirstView(chapter(short), DESKTOP, null, 5);
    expect(items(end)).toEqual([4, 5]);
    expect(end.pages[1].y + end.pages[1].h).toBeCloseTo(800);
  });

  it('horizontal: the first page alone, then spreads in reading order, right to left when the chapter starts from the right', () => {
    const ltr = planFirstView(chapter(pages(10)), DESKTOP, 'horizontal', 0);
    expect(ltr.mode).toBe('horizontal');
    expect(items(ltr)).toEqual([0]);
    expect(ltr.pages[0].x + ltr.pages[0].w / 2).toBeCloseTo(640);
    // Items 1 and 2 share a spread: reading first on the left (left to right), on the right (right to left).
    const l = planFirstView(chapter(pages(10)), DESKTOP, 'horizontal', 2);
    expect(items(l)).toEqual([1, 2]);
    expect(l.pages[0].x).toBeLessThan(l.pages[1].x);
    const r = planFirstView(chapter(pages(10), { startFromRight: true }), DESKTOP, 'horizontal', 2);
    expect(items(r)).toEqual([1, 2]);
    expect(r.pages[0].x).toBeGreaterThan(r.pages[1].x);
    for (const x of r.pages) expect(x.x >= 0 && x.x + x.w <= 1280).toBe(true);
    // A narrow portrait screen: one page at a time.
    expect(items(planFirstView(chapter(pages(10)), PHONE, 'horizontal', 2))).toEqual([2]);
  });

  it('a chapter that forces a direction is laid out in it whatever is stored', () => {
    expect(planFirstView(chapter(pages(4), { isVerticalOnly: true }), DESKTOP, 'horizontal', 0).mode).toBe('vertical');
    expect(planFirstView(chapter(pages(4), { isHorizontalOnly: true }), DESKTOP, null, 0).mode).toBe('horizontal');
  });

  it('draws only manga pages: banners, ads and the end page are the viewer’s own', () => {
    const p = planFirstView(
      chapter([
        { kind: 'bannerList', banners: [{ width: 300, height: 100 }], titled: true },
        ...pages(3),
        { kind: 'ad' },
        { kind: 'last' },
      ]),
      PHONE,
      null,
      0,
    );
    // (The banner list above them is 172 px high on a phone.)
    expect(items(p)).toEqual([1, 2]);
    expect(p.pages[0].y).toBeCloseTo(172 + 30);
    expect(planFirstView(chapter([{ kind: 'last' }]), DESKTOP, null, 0).pages).toEqual([]);
    expect(planFirstView(chapter([]), DESKTOP, null, 0).pages).toEqual([]);
  });
});

describe('a chapter in plain data', () => {
  it('gives the viewer the same items as the protobuf answer it came from', () => {
    const page = (data: Page['data']): Page => ({ $typeName: 'manga.v1.Page', data });
    const v = create(MangaViewerSchema, {
      startFromRight: true,
      pages: [
        page({ case: 'mangaPage', value: { imageUrl: '/a', width: 800, height: 1200, type: PageType.LEFT, encryptionKey: 'aa' } as never }),
        page({ case: 'mangaPage', value: { imageUrl: '/b', width: 0, height: 0, type: PageType.DOUBLE, encryptionKey: 'bb' } as never }),
        page({ case: 'bannerList', value: { bannerTitle: 'More', banners: [{ width: 600, height: 200 }] } as never }),
        page({
          case: 'insertBannerList',
          value: {
            banners: [
              { width: 800, height: 100 },
              { width: 0, height: 0 },
            ],
          } as never,
        }),
        page({ case: 'banner', value: { width: 300, height: 300 } as never }),
        page({ case: 'advertisement', value: {} as never }),
        page({ case: 'lastPage', value: {} as never }),
      ],
    });
    const shape = JSON.parse(JSON.stringify(chapterShape(v))) as ChapterShape;
    expect(shape.startFromRight).toBe(true);
    for (const phone of [false, true]) {
      expect(shape.pages.map((s) => itemOf(s, phone))).toEqual(toItems(v.pages, phone).map(({ page: _, ...it }) => it));
    }
    expect(toItems(v.pages, false).map((i) => [i.kind, i.type, i.width, i.height])).toEqual([
      ['manga', 'left', 800, 1200],
      ['manga', 'double', 960, 1360],
      ['bannerList', undefined, 300, 172],
      ['insertBanner', undefined, 800, 403],
      ['banner', undefined, 300, 324],
      ['ad', undefined, 700, 525],
      ['last', undefined, 400, 620],
    ]);
  });
});
