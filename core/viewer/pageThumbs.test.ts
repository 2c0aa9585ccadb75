import { describe, expect, it } from 'vitest';
import { PageType } from '../gen/manga/v1/viewer_pb';
import { chapterThumbs, sheetCells, THUMB_CELL_WIDTH, THUMBS_PER_SHEET, thumbEntries } from './pageThumbs';

const page = (idx: number, type = PageType.SINGLE, base = 'https://img.example') => ({
  imageUrl: `${base}/img/page/42/${idx}/high.webp`,
  type,
  encryptionKey: `k${idx}`,
});

describe('page thumbnails: sheets and cells', () => {
  it('puts 40 pages a sheet side by side, a DOUBLE page twice as wide, each sheet starting at 0', () => {
    const types = Array.from({ length: 85 }, (_, k) => (k === 3 ? PageType.DOUBLE : PageType.SINGLE));
    const cells = sheetCells(types);
    expect(cells[0]).toEqual({ x: 0, width: THUMB_CELL_WIDTH });
    expect(cells[3]).toEqual({ x: 3 * THUMB_CELL_WIDTH, width: 2 * THUMB_CELL_WIDTH });
    expect(cells[4].x).toBe(5 * THUMB_CELL_WIDTH);
    expect(cells[THUMBS_PER_SHEET].x).toBe(0);
    expect(cells[84].x).toBe(4 * THUMB_CELL_WIDTH);
  });

  it("finds a 320-page chapter's eight sheets, each with its first page's key, from the pages' URLs", () => {
    const t = chapterThumbs(Array.from({ length: 320 }, (_, k) => page(k)))!;
    expect(t.sheets).toHaveLength(8);
    expect(t.sheets[0]).toEqual({ url: 'https://img.example/img/thumbs/42/0.webp', key: 'k0', width: 40 * THUMB_CELL_WIDTH });
    expect(t.sheets[7].key).toBe('k280');
    expect(t.pages[299]).toEqual({ sheet: 7, x: 19 * THUMB_CELL_WIDTH, width: THUMB_CELL_WIDTH });
  });

  it('has no sheets for pages not served at /img/page/ or out of order', () => {
    expect(chapterThumbs([])).toBeNull();
    expect(chapterThumbs([{ imageUrl: 'https://elsewhere/p.webp', type: 0, encryptionKey: '00' }])).toBeNull();
    expect(chapterThumbs([page(1), page(0)])).toBeNull();
    expect(chapterThumbs([page(0), page(1, 0, 'https://other')])).toBeNull();
  });
});

describe('page thumbnails: the strip', () => {
  it('lists each spread with pages once, in reading order; banners have none; a split wide page is one entry', () => {
    const numberOf = new Map([
      [0, 1],
      [1, 2],
      [2, 3],
      [4, 4],
    ]);
    // Page 1 alone, pages 2-3 as a spread, a banner (item 3), page 4 split in two slots.
    const { entries, slotPages } = thumbEntries(
      [{ items: [0] }, { items: [1, 2] }, { items: [3] }, { items: [4] }, { items: [4] }],
      numberOf,
    );
    expect(entries).toEqual([
      { slot: 0, pages: [1] },
      { slot: 1, pages: [2, 3] },
      { slot: 3, pages: [4] },
    ]);
    expect(slotPages[2]).toEqual([]);
  });
});
