import crypto from 'node:crypto';
import { PageType } from '../../core/gen/manga/v1/viewer_pb.js';
import { ReleaseSchedule } from '../../core/gen/manga/v1/common_pb.js';
import type { Catalog } from '../content/model.js';
import type { Rng } from '../content/rng.js';
import type { SeriesSpec } from '../content/text/seriesSpec.js';

/** Single pages at "high" (pages.width/height); DOUBLE is twice as wide. */
const PAGE_W = 960;
const PAGE_H = 1360;
const WEBTOON_H = 1800;

/** How many pages a chapter of this series has. */
export function pageCount(spec: SeriesSpec, schedule: ReleaseSchedule, r: Rng): number {
  if (spec.kind === 'one_shot') return r.int(40, 60);
  if (spec.webtoon || schedule === ReleaseSchedule.EVERYDAY) return r.int(10, 20);
  return r.int(14, 48);
}

/** Adds the pages of one chapter: single pages, book spreads (LEFT/RIGHT pairs) and DOUBLE spreads. */
export function addPages(cat: Catalog, chapterId: number, styleSeed: number, spec: SeriesSpec, rtl: boolean, count: number, r: Rng): void {
  const types: PageType[] = [];
  const book = spec.bookRtl || (!spec.webtoon && r.chance(0.3));
  if (spec.webtoon) {
    for (let k = 0; k < count; k++) types.push(PageType.SINGLE);
  } else if (book) {
    types.push(PageType.SINGLE);
    const doubleAt = r.chance(0.6) ? 1 + 2 * r.int(1, Math.max(1, Math.floor((count - 3) / 2))) : -1;
    while (types.length < count) {
      if (types.length === doubleAt) types.push(PageType.DOUBLE);
      else if (types.length + 1 < count) types.push(...(rtl ? [PageType.RIGHT, PageType.LEFT] : [PageType.LEFT, PageType.RIGHT]));
      else types.push(PageType.SINGLE);
    }
  } else {
    const doubleAt = r.chance(0.3) ? r.int(2, count - 2) : -1;
    for (let k = 0; k < count; k++) types.push(k === doubleAt ? PageType.DOUBLE : PageType.SINGLE);
  }
  const keys = crypto.randomBytes(32 * types.length).toString('hex');
  types.forEach((type, idx) => {
    cat.pages.push({
      chapter_id: chapterId,
      idx,
      type,
      width: type === PageType.DOUBLE ? PAGE_W * 2 : PAGE_W,
      height: spec.webtoon ? WEBTOON_H : PAGE_H,
      encryption_key: keys.slice(idx * 64, idx * 64 + 64),
      source: `demo:${styleSeed}`,
    });
  });
}
