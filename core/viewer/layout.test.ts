import { describe, expect, it } from 'vitest';
import { buildLayout, slotAtY, slotTops, visiblePlacements, VIEWER, type Viewport } from './layout';
import { buildSpreads, type Item, type MangaType } from './spreads';

/**
 * Spread layout, pure: every order of page types up to five pages (with a
 * banner or the end page mixed in), both reading directions, both modes,
 * narrow (phone portrait) and wide screens; invariants checked for each, and
 * the documents' cases spelled out.
 */
const TYPES: MangaType[] = ['single', 'left', 'right', 'double'];
const page = (type: MangaType): Item => ({ kind: 'manga', type, width: type === 'double' ? 1920 : 960, height: 1360 });
const special = (kind: Item['kind']): Item => ({ kind, width: 0, height: kind === 'last' ? 620 : 400 });

function* orders(n: number): Generator<MangaType[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of orders(n - 1)) for (const t of TYPES) yield [...rest, t];
}

const WIDE: Viewport = { width: 1440, height: 900 };
const NARROW: Viewport = { width: 390, height: 844 };
const EPS = 1e-6;

function chapters(): Item[][] {
  const out: Item[][] = [];
  for (let n = 1; n <= 5; n++) {
    for (const o of orders(n)) {
      out.push(o.map(page));
      if (n === 4) {
        // A banner in the middle and the end page at the end.
        const withBanner = o.map(page);
        withBanner.splice(2, 0, special('insertBanner'));
        out.push([...withBanner, special('last')]);
      }
    }
  }
  return out;
}

describe('spreads (horizontal)', () => {
  const all = chapters();
  it(`holds its rules for ${all.length} page orders × 2 directions × 2 screens`, () => {
    let checked = 0;
    for (const items of all) {
      for (const rtl of [false, true]) {
        for (const v of [WIDE, NARROW]) {
          const narrow = v === NARROW;
          const spreads = buildSpreads(items, { rtl, narrow, singleSpread: true, spreadOffset: false, joinPages: true });
          const first = rtl ? 'right' : 'left';
          const second = rtl ? 'left' : 'right';
          // Every item once, in reading order.
          expect(spreads.flatMap((s) => s.items)).toEqual(items.map((_, i) => i));
          const firstManga = items.findIndex((it) => it.kind === 'manga');
          for (const s of spreads) {
            const its = s.items.map((i) => items[i]);
            if (its.length === 2) {
              const [a, b] = its as [Item, Item];
              expect(narrow).toBe(false);
              expect(a.kind === 'manga' && b.kind === 'manga').toBe(true);
              expect(s.items[0]).not.toBe(firstManga); // single spread: the first page stands alone
              expect([a.type, b.type]).not.toContain('double');
              expect(['single', first]).toContain(a.type);
              expect(['single', second]).toContain(b.type);
              expect(s.sides).toEqual([first, second]);
              expect(s.joined).toBe(a.type !== 'single' && b.type !== 'single');
            } else {
              const [it] = its as [Item];
              const i = s.items[0];
              // Alone: nothing it could have been paired with was left out.
              const next = items[i + 1];
              const couldPair =
                !narrow &&
                it.kind === 'manga' &&
                i !== firstManga &&
                (it.type === 'single' || it.type === first) &&
                next?.kind === 'manga' &&
                (next.type === 'single' || next.type === second);
              expect(couldPair).toBe(false);
              expect(s.sides[0]).toBe(!narrow && it.kind === 'manga' && (it.type === 'left' || it.type === 'right') ? it.type : 'center');
            }
          }
          // Geometry: each spread inside its own viewport-sized slot, pages side by side on their sides.
          const layout = buildLayout(items, { mode: 'horizontal', rtl, viewport: v });
          expect(layout.spreads).toEqual(spreads);
          layout.spreads.forEach((s, si) => {
            const ps = layout.placements.filter((p) => p.slot === si);
            expect(ps.map((p) => p.item)).toEqual(s.items);
            for (const p of ps) {
              const x = p.x - layout.slots[si].x;
              expect(x).toBeGreaterThanOrEqual(-EPS);
              expect(x + p.w).toBeLessThanOrEqual(v.width + EPS);
              expect(p.y).toBeGreaterThanOrEqual(-EPS);
              expect(p.y + p.h).toBeLessThanOrEqual(v.height + EPS);
              expect(layout.slotOfItem[p.item]).toBe(si);
            }
            if (ps.length === 2) {
              const [l, r] = s.sides[0] === 'left' ? [ps[0], ps[1]] : [ps[1], ps[0]];
              const gap = r.x - (l.x + l.w);
              if (s.joined) expect(gap).toBeCloseTo(0, 6);
              else expect(gap).toBeGreaterThan(0);
              expect(l.h).toBeCloseTo(r.h, 6);
            } else if (s.sides[0] === 'left' || s.sides[0] === 'right') {
              // A half page alone keeps its half of the screen.
              const p = ps[0];
              const x = p.x - layout.slots[si].x;
              if (s.sides[0] === 'left') expect(x + p.w).toBeLessThanOrEqual(v.width / 2 + EPS);
              else expect(x).toBeGreaterThanOrEqual(v.width / 2 - EPS);
            }
          });
          checked++;
        }
      }
    }
    expect(checked).toBe(all.length * 4);
  });

  it("the documents' cases: first page alone, pairs in reading order, a DOUBLE alone, right to left", () => {
    const items = ['single', 'single', 'single', 'double', 'right', 'left', 'left'].map((t) => page(t as MangaType));
    const o = { rtl: false, narrow: false, singleSpread: true, spreadOffset: false, joinPages: true };
    expect(buildSpreads(items, o).map((s) => s.items)).toEqual([[0], [1, 2], [3], [4], [5], [6]]);
    const rtl = buildSpreads(items, { ...o, rtl: true });
    expect(rtl.map((s) => s.items)).toEqual([[0], [1, 2], [3], [4, 5], [6]]);
    expect(rtl[3]).toMatchObject({ sides: ['right', 'left'], joined: true });
    // Right to left, the later spread lies to the left, and the first page of a pair on the right.
    const l = buildLayout(items, { mode: 'horizontal', rtl: true, viewport: WIDE });
    const [a, b] = l.placements.filter((p) => p.slot === 1);
    expect(a.x).toBeGreaterThan(b.x);
    expect(l.slots[2]).toEqual({ x: -2 * WIDE.width, y: 0, w: WIDE.width, h: WIDE.height });
    // One page at a time on a phone held upright.
    expect(buildSpreads(items, { ...o, narrow: true }).every((s) => s.items.length === 1)).toBe(true);
  });
});

describe('vertical column', () => {
  it('stacks every item with the 30 px margin (0 for vertical-only), pages at most 800 wide, specials at their widths', () => {
    const items = [
      page('single'),
      page('double'),
      special('bannerList'),
      page('left'),
      special('insertBanner'),
      special('ad'),
      special('last'),
    ];
    for (const v of [WIDE, NARROW]) {
      for (const verticalOnly of [false, true]) {
        const l = buildLayout(items, { mode: 'vertical', rtl: false, viewport: v, verticalOnly });
        const margin = verticalOnly ? VIEWER.verticalOnlyMargin : VIEWER.verticalMargin;
        const phone = v.width < 768;
        l.placements.forEach((p, i) => {
          expect(p.item).toBe(i);
          expect(l.slotOfItem[i]).toBe(i);
          expect(p.x).toBeCloseTo((v.width - p.w) / 2, 6);
          if (i > 0) expect(p.y).toBeCloseTo(l.placements[i - 1].y + l.placements[i - 1].h + margin, 6);
          const it = items[i];
          const want =
            it.kind === 'manga'
              ? Math.min(v.width, VIEWER.verticalColumn)
              : Math.min(v.width, { bannerList: 300, insertBanner: 800, ad: phone ? 500 : 700, last: 400, banner: 300, manga: 0 }[it.kind]);
          expect(p.w).toBeCloseTo(want, 6);
        });
        const lastP = l.placements.at(-1)!;
        expect(l.contentHeight).toBeCloseTo(lastP.y + lastP.h, 6);
        // Paging helpers agree with the stack.
        const tops = slotTops(l);
        expect(tops).toEqual(l.placements.map((p) => p.y));
        expect(slotAtY(tops, tops[3] + 1)).toBe(3);
        const seen = visiblePlacements(l, { x: 0, y: tops[3], w: v.width, h: 10 }, 1).map((p) => p.item);
        expect(seen).toEqual([2, 3, 4]);
      }
    }
  });
});
