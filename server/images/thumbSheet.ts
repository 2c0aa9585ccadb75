import crypto from 'node:crypto';
import sharp, { type OverlayOptions } from 'sharp';
import { sheetCells, THUMB_HEIGHT, THUMBS_PER_SHEET } from '../../core/viewer/pageThumbs.js';
import type { ImagesRepo } from '../repos/images.js';
import type { Blobs } from './blobs.js';
import { xorWithKey } from './crypto.js';
import { pageSvg } from './pageArt.js';
import { BUBBLES } from '../content/text/chatter.js';
import { languageOrDefault } from '../../core/languages.js';

/**
 * A chapter's thumbnail sheet (core/viewer/pageThumbs.ts: THUMBS_PER_SHEET
 * pages side by side, each fitted and centred in its cell THUMB_HEIGHT px
 * tall), WebP, XOR-encrypted with the key of its first page. A demo page is
 * drawn small from its SVG (its screentone would only average to the flat
 * greys it is drawn with); an imported page is its low-quality image,
 * decrypted and shrunk.
 */
type Chapter = NonNullable<Awaited<ReturnType<ImagesRepo['chapterPages']>>>;
type SheetPage = Chapter['pages'][number];

/** What changes the drawing changes the sheet's stored name (and ETag): bump when the drawing changes. */
const DRAWING = 1;
const SHEET_WEBP = { quality: 70, effort: 2 } as const;
/** The cells' background: the viewer's dark stage. */
const BACKGROUND = { r: 34, g: 34, b: 34 };

interface SheetPlan {
  pages: SheetPage[];
  cells: { x: number; width: number }[];
  width: number;
  key: string;
  /** Of everything the sheet is drawn from: its stored name and ETag. */
  hash: string;
}

/** The sheet's pages and cells, or undefined when the chapter has no such sheet. */
function planSheet(chapterId: number, chapter: Chapter, sheet: number): SheetPlan | undefined {
  const all = sheetCells(chapter.pages.map((p) => p.type));
  const from = sheet * THUMBS_PER_SHEET;
  const pages = chapter.pages.slice(from, from + THUMBS_PER_SHEET);
  if (pages.length === 0 || pages.some((p, k) => p.idx !== from + k)) return undefined;
  const cells = all.slice(from, from + pages.length);
  const last = cells[cells.length - 1];
  const hash = crypto
    .createHash('sha1')
    .update(JSON.stringify([DRAWING, SHEET_WEBP, chapterId, chapter.title_name, chapter.chapter_name, pages]))
    .digest('base64url')
    .slice(0, 22);
  return { pages, cells, width: last.x + last.width, key: pages[0].encryption_key, hash };
}

/** The size a page is drawn at to fit its cell. */
function fitted(p: SheetPage, cellWidth: number): { width: number; height: number } {
  const k = Math.min(cellWidth / p.width, THUMB_HEIGHT / p.height);
  return { width: Math.max(1, Math.round(p.width * k)), height: Math.max(1, Math.round(p.height * k)) };
}

/** A page drawn small (PNG), or undefined when there is nothing to draw it from. */
type DrawSmall = (p: SheetPage, size: { width: number; height: number }) => Promise<Buffer | undefined>;

/** A demo page's SVG at the size of its cell. */
function demoPageSmall(chapterId: number, chapter: Chapter, p: SheetPage, size: { width: number; height: number }): Promise<Buffer> {
  const styleSeed = Number(p.source.slice(5)) >>> 0;
  const svg = pageSvg(
    {
      styleSeed,
      chapterId,
      idx: p.idx,
      pageCount: chapter.pages.length,
      type: p.type,
      width: p.width,
      height: p.height,
      titleName: chapter.title_name,
      chapterName: chapter.chapter_name,
      lines: BUBBLES.map((b) => b[languageOrDefault(chapter.language).short]),
      webtoon: chapter.is_vertical_only === 1 && p.height > p.width * 1.6,
    },
    size.width,
    size.height,
  );
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 0 }).toBuffer();
}

/** An imported page's low-quality image (encrypted bytes) decrypted and shrunk to `size`. */
function storedPageSmall(encrypted: Buffer, key: string, size: { width: number; height: number }): Promise<Buffer> {
  return sharp(xorWithKey(encrypted, key))
    .resize(size.width, size.height, { fit: 'fill' })
    .removeAlpha()
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** The sheet: each page drawn small, put in its cell, encoded and encrypted. */
async function drawSheet(plan: SheetPlan, draw: DrawSmall): Promise<Buffer | undefined> {
  const layers: OverlayOptions[] = [];
  for (const [k, p] of plan.pages.entries()) {
    const cell = plan.cells[k];
    const size = fitted(p, cell.width);
    const png = await draw(p, size);
    if (!png) return undefined;
    layers.push({
      input: png,
      left: cell.x + Math.floor((cell.width - size.width) / 2),
      top: Math.floor((THUMB_HEIGHT - size.height) / 2),
    });
  }
  const webp = await sharp({ create: { width: plan.width, height: THUMB_HEIGHT, channels: 3, background: BACKGROUND } })
    .composite(layers)
    .webp(SHEET_WEBP)
    .toBuffer();
  return xorWithKey(webp, plan.key);
}

/** What the image store lends the sheets: its stored copies (made once) and its limit on renders at once. */
interface SheetStore {
  cached(rel: string, make: () => Promise<Buffer | undefined>): Promise<Buffer | undefined>;
  limited<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * A chapter's sheet, stored under thumbs/<chapterId>/<sheet>_<hash>.webp (a
 * changed page or drawing is drawn anew, never served from an older file;
 * its ETag is the hash); undefined when the chapter has no such sheet or a
 * page of it has no image.
 */
export async function thumbSheetImage(
  repo: ImagesRepo,
  blobs: Blobs,
  store: SheetStore,
  chapterId: number,
  sheet: number,
): Promise<{ data: Buffer; etag: string } | undefined> {
  const chapter = await repo.chapterPages(chapterId);
  const plan = chapter && planSheet(chapterId, chapter, sheet);
  if (!chapter || !plan) return undefined;
  const draw: DrawSmall = async (p, size) => {
    if (p.source.startsWith('demo:')) return store.limited(() => demoPageSmall(chapterId, chapter, p, size));
    const low = await blobs.get(`page/${chapterId}/${p.idx}/low.webp`);
    return low && store.limited(() => storedPageSmall(low, p.encryption_key, size));
  };
  const data = await store.cached(`thumbs/${chapterId}/${sheet}_${plan.hash}.webp`, () => drawSheet(plan, draw));
  return data && { data, etag: `"${plan.hash}"` };
}
