/**
 * Page thumbnails (issue 48): the server draws a chapter's pages small into
 * sprite sheets, THUMBS_PER_SHEET pages a sheet, each page in a cell
 * THUMB_HEIGHT px tall and THUMB_CELL_WIDTH px wide (twice as wide for a
 * DOUBLE page), fitted and centred in it, the cells side by side in page
 * order. A sheet is served at GET /img/thumbs/<chapterId>/<sheet>.webp and
 * locked like the pages (not before the chapter is readable, nor after it
 * ends); it is XOR-encrypted like a page, with the key of its first page
 * (the page at index sheet x THUMBS_PER_SHEET). Nothing new is in the
 * viewer's answer: a client finds every sheet, its key and where each page
 * sits in it from the pages' own URLs, types and keys (chapterThumbs).
 */
import { PageType } from '../gen/manga/v1/viewer_pb';

export const THUMBS_PER_SHEET = 40;
export const THUMB_HEIGHT = 96;
export const THUMB_CELL_WIDTH = 68;

/** A page's cell width in its sheet (px). */
function thumbCellWidth(type: number): number {
  return type === Number(PageType.DOUBLE) ? THUMB_CELL_WIDTH * 2 : THUMB_CELL_WIDTH;
}

/** The sheet a page (by its index in the chapter) is drawn in. */
const sheetOf = (idx: number): number => Math.floor(idx / THUMBS_PER_SHEET);

/** The path of a sheet under the image origin. */
export function thumbSheetPath(chapterId: number, sheet: number): string {
  return `/img/thumbs/${chapterId}/${sheet}.webp`;
}

/** Each page's cell: x offset and width in its sheet, in page order (the server draws them so). */
export function sheetCells(types: readonly number[]): { x: number; width: number }[] {
  let x = 0;
  return types.map((type, k) => {
    if (k % THUMBS_PER_SHEET === 0) x = 0;
    const width = thumbCellWidth(type);
    const cell = { x, width };
    x += width;
    return cell;
  });
}

/** What a client knows of a page from the viewer's answer. */
interface ThumbPageSource {
  imageUrl: string;
  type: number;
  encryptionKey: string;
}

interface ThumbSheet {
  url: string;
  key: string;
  width: number;
}

export interface PageThumb {
  sheet: number;
  x: number;
  width: number;
}

export interface ChapterThumbs {
  sheets: ThumbSheet[];
  /** One per manga page, in the answer's order (page n is pages[n - 1]). */
  pages: PageThumb[];
}

const PAGE_URL = /^(.*)\/img\/page\/(\d+)\/(\d+)\/[a-z_]+\.webp(?:\?.*)?$/;

/**
 * The sheets of a chapter and each page's place in them, from its manga
 * pages in order; null when a page's URL is not one of /img/page/ (a page
 * of another origin's making has no sheets), or the pages are not the
 * chapter's pages 0 … n - 1.
 */
export function chapterThumbs(pages: readonly ThumbPageSource[]): ChapterThumbs | null {
  if (pages.length === 0) return null;
  const first = PAGE_URL.exec(pages[0].imageUrl);
  if (!first) return null;
  const [, base, chapter] = first;
  const ours = (p: ThumbPageSource, k: number) => {
    const m = PAGE_URL.exec(p.imageUrl);
    return m !== null && m[1] === base && m[2] === chapter && Number(m[3]) === k;
  };
  if (!pages.every(ours)) return null;
  const cells = sheetCells(pages.map((p) => p.type));
  const sheets: ThumbSheet[] = [];
  cells.forEach((c, k) => {
    const s = sheetOf(k);
    sheets[s] ??= { url: `${base}${thumbSheetPath(Number(chapter), s)}`, key: pages[k].encryptionKey, width: 0 };
    sheets[s].width = c.x + c.width;
  });
  return { sheets, pages: cells.map((c, k) => ({ sheet: sheetOf(k), ...c })) };
}

/** One place of the thumbnail strip: a spread (a slot of the layout) and its pages' numbers (1-based) in reading order. */
export interface ThumbEntry {
  slot: number;
  pages: number[];
}

/**
 * The strip's entries: every spread that holds manga pages, once (the two
 * slots of a split wide page are one entry, at its first), in layout order;
 * `slotPages` is each slot's own pages (none on an inserted banner or ad).
 */
export function thumbEntries(
  spreads: readonly { items: readonly number[] }[],
  numberOf: ReadonlyMap<number, number>,
): { entries: ThumbEntry[]; slotPages: number[][] } {
  const slotPages = spreads.map((s) => s.items.map((i) => numberOf.get(i)).filter((n): n is number => n !== undefined));
  const entries: ThumbEntry[] = [];
  slotPages.forEach((pages, slot) => {
    const last = entries.at(-1);
    if (pages.length === 0 || (last && last.pages.join() === pages.join())) return;
    entries.push({ slot, pages });
  });
  return { entries, slotPages };
}
