/**
 * A controlled chapter for the viewer's browser tests: page images made
 * here (flat colour blocks, lossless WebP, XOR-encrypted with a key) and a
 * manga_viewer answer built with the generated schema, both served through
 * Playwright routes so every test knows exactly what the canvas must show.
 */
import crypto from 'node:crypto';
import { create, toBinary } from '@bufbuild/protobuf';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { Language, PresentationMethod } from '../../core/gen/manga/v1/common_pb';
import { ResponseSchema, ErrorResult_Action } from '../../core/gen/manga/v1/response_pb';
import { PageType } from '../../core/gen/manga/v1/viewer_pb';

/** 'T': a tall strip (webtoon), `stripRatio` times as tall as wide, in bands (stripImage). */
type FixturePage = 'S' | 'L' | 'R' | 'D' | 'T' | 'insert' | 'bannerList' | 'ad' | 'last';

export interface FixtureOptions {
  chapterId?: number;
  titleId?: number;
  pages: FixturePage[];
  rtl?: boolean;
  verticalOnly?: boolean;
  horizontalOnly?: boolean;
  nextChapterId?: number;
  nextTimeStamp?: number;
  /** Page indices (among all pages) whose image answers 500 until `heal()`. */
  failing?: number[];
  /** Delay before each image response, ms. */
  imageDelayMs?: number;
  /** Hold each manga_viewer answer until `releaseViewer`. */
  holdViewer?: boolean;
  /** Height over width of the 'T' pages (default 10). */
  stripRatio?: number;
}

/** Page colours: each image is split into four flat quadrants. */
function quadrantColors(i: number): [number, number, number][] {
  const h = (k: number) => {
    const x = (i * 97 + k * 61) % 360;
    // Saturated, well-separated colours (no near-greys).
    const c = [0, 0, 0].map((_, j) => Math.round(127.5 + 110 * Math.cos(((x + j * 120) * Math.PI) / 180)));
    return c as [number, number, number];
  };
  return [h(0), h(1), h(2), h(3)];
}

/** Colour of the source image at relative point (u, v). */
export function sourceColor(i: number, u: number, v: number): [number, number, number] {
  const q = quadrantColors(i);
  return q[(v < 0.5 ? 0 : 2) + (u < 0.5 ? 0 : 1)];
}

const SIZE: Record<string, number> = { low: 240, high: 480, super_high: 720 };

export async function pageImage(i: number, double: boolean, quality: string): Promise<Buffer> {
  const w = SIZE[quality] * (double ? 2 : 1);
  const h = Math.round(SIZE[quality] * 1.4);
  const raw = Buffer.alloc(w * h * 3);
  const q = quadrantColors(i);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = q[(y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1)];
      const o = (y * w + x) * 3;
      raw[o] = c[0];
      raw[o + 1] = c[1];
      raw[o + 2] = c[2];
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .webp({ lossless: true })
    .toBuffer();
}

/** A strip's bands: STRIP_BANDS flat bands top to bottom, each with its left STRIP_SPLIT of the width in another colour. */
export const STRIP_BANDS = 16;
const STRIP_SPLIT = 0.3;

/** Colour of strip page i's image at relative point (u, v). */
export function stripColor(i: number, u: number, v: number): [number, number, number] {
  const band = Math.min(STRIP_BANDS - 1, Math.floor(v * STRIP_BANDS));
  return sourceColor(i * 31 + band * 7, u < STRIP_SPLIT ? 0.25 : 0.75, 0.25);
}

/** Strip page i at a quality: SIZE wide, `ratio` times as tall; PNG (WebP holds at most 16,383 px a side). */
async function stripImage(i: number, quality: string, ratio: number): Promise<Buffer> {
  const w = SIZE[quality];
  const h = Math.round(w * ratio);
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    const left = stripColor(i, 0, (y + 0.5) / h);
    const right = stripColor(i, 1, (y + 0.5) / h);
    for (let x = 0; x < w; x++) raw.set(x < w * STRIP_SPLIT ? left : right, (y * w + x) * 3);
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export function xor(buf: Buffer, keyHex: string): Buffer {
  const key = Buffer.from(keyHex, 'hex');
  const out = Buffer.alloc(buf.length);
  for (let i = 0; i < buf.length; i++) out[i] = buf[i] ^ key[i % key.length];
  return out;
}

export const KEY = crypto.createHash('sha256').update('viewer-fixture').digest('hex');
const TYPES: Record<string, PageType> = { S: PageType.SINGLE, L: PageType.LEFT, R: PageType.RIGHT, D: PageType.DOUBLE, T: PageType.SINGLE };

function viewerResponse(o: FixtureOptions, origin: string, quality: string): Uint8Array {
  const chapterId = o.chapterId ?? 9001;
  const titleId = o.titleId ?? 501;
  const banner = (id: number) => ({
    id,
    imageUrl: `${origin}/fixture-img/banner/${id}.png`,
    width: 800,
    height: 250,
    action: { method: PresentationMethod.PUSH, url: `/titles/${titleId}` },
  });
  const built = o.pages.map((p, i) => {
    if (p in TYPES) {
      const w = p === 'D' ? 960 : 480;
      return {
        data: {
          case: 'mangaPage' as const,
          value: {
            imageUrl: `${origin}/fixture-img/page/${chapterId}/${i}/${quality}.webp`,
            width: w,
            height: p === 'T' ? Math.round(480 * (o.stripRatio ?? 10)) : 672,
            type: TYPES[p],
            encryptionKey: KEY,
          },
        },
      };
    }
    if (p === 'insert') return { data: { case: 'insertBannerList' as const, value: { banners: [banner(71)] } } };
    if (p === 'bannerList')
      return { data: { case: 'bannerList' as const, value: { bannerTitle: 'More to read', banners: [banner(72), banner(73)] } } };
    if (p === 'ad') return { data: { case: 'advertisement' as const, value: { adNetworks: [] } } };
    return {
      data: {
        case: 'lastPage' as const,
        value: {
          isSubscribed: false,
          nextTimeStamp: o.nextTimeStamp ?? 0,
          currentChapter: { chapterId, titleId, name: '#003' },
          ...(o.nextChapterId
            ? {
                nextChapter: {
                  chapterId: o.nextChapterId,
                  titleId,
                  name: '#004',
                  subTitle: 'The next one',
                  thumbnailUrl: `${origin}/fixture-img/banner/74.png`,
                },
              }
            : {}),
        },
      },
    };
  });
  const msg = create(ResponseSchema, {
    result: {
      case: 'success',
      value: {
        data: {
          case: 'mangaViewer',
          value: {
            chapterId,
            titleId,
            titleName: 'Fixture Title',
            chapterName: '#003',
            numberOfComments: 1234,
            startFromRight: !!o.rtl,
            isVerticalOnly: !!o.verticalOnly,
            isHorizontalOnly: !!o.horizontalOnly,
            pages: built,
            chapters: [
              { chapterId: chapterId - 1, titleId, name: '#002' },
              { chapterId, titleId, name: '#003' },
              ...(o.nextChapterId ? [{ chapterId: o.nextChapterId, titleId, name: '#004' }] : []),
            ],
            titleAvailableLanguages: [
              { titleId, language: Language.ENGLISH },
              { titleId: titleId + 1, language: Language.SPANISH, isNew: true },
              { titleId: titleId + 2, language: Language.FRENCH },
            ],
            sns: { body: 'Read Fixture Title', url: `${origin}/titles/${titleId}` },
          },
        },
      },
    },
  } as never);
  return toBinary(ResponseSchema, msg);
}

function errorResponse(english: string, spanish: string): Uint8Array {
  return toBinary(
    ResponseSchema,
    create(ResponseSchema, {
      result: {
        case: 'error',
        value: {
          action: ErrorResult_Action.DEFAULT,
          englishPopup: { subject: 'Error', body: english },
          spanishPopup: { subject: 'Error', body: spanish },
        },
      },
    } as never),
  );
}

export interface InstalledFixture {
  /** Every manga_viewer query the viewer sent. */
  viewerQueries: URLSearchParams[];
  /** Image paths fetched. */
  imageHits: string[];
  heal(): void;
  /** manga_viewer requests waiting (holdViewer). */
  pendingViewer(): number;
  /** Answers the oldest waiting manga_viewer request: the chapter, or an error envelope. */
  releaseViewer(ok: boolean): void;
}

/** The error popups' bodies the fixture answers with. */
export const FIXTURE_ERROR = { english: 'This chapter cannot be shown right now.', spanish: 'Este capítulo no se puede mostrar ahora.' };

/** Serves the fixture on `target` (a context, so worker fetches are routed too). */
export async function installFixture(target: BrowserContext | Page, o: FixtureOptions): Promise<InstalledFixture> {
  const cache = new Map<string, Buffer>();
  const failing = new Set(o.failing ?? []);
  const waiting: Array<(ok: boolean) => void> = [];
  const state: InstalledFixture = {
    viewerQueries: [],
    imageHits: [],
    heal: () => failing.clear(),
    pendingViewer: () => waiting.length,
    releaseViewer: (ok) => waiting.shift()?.(ok),
  };
  const bannerPng = await sharp({ create: { width: 800, height: 250, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await target.route('**/api/manga_viewer**', async (route) => {
    const u = new URL(route.request().url());
    state.viewerQueries.push(u.searchParams);
    const chapterId = Number(u.searchParams.get('chapter_id')) || (o.chapterId ?? 9001);
    const ok = o.holdViewer ? await new Promise<boolean>((r) => waiting.push(r)) : true;
    const body = ok
      ? viewerResponse({ ...o, chapterId }, u.origin, u.searchParams.get('img_quality') ?? 'high')
      : errorResponse(FIXTURE_ERROR.english, FIXTURE_ERROR.spanish);
    await route.fulfill({ status: 200, contentType: 'application/x-protobuf', body: Buffer.from(body) });
  });
  await target.route('**/fixture-img/**', async (route) => {
    const u = new URL(route.request().url());
    state.imageHits.push(u.pathname);
    const m = /\/fixture-img\/page\/\d+\/(\d+)\/(\w+)\.webp$/.exec(u.pathname);
    if (!m) return route.fulfill({ status: 200, contentType: 'image/png', body: bannerPng });
    const i = Number(m[1]);
    if (o.imageDelayMs) await new Promise((r) => setTimeout(r, o.imageDelayMs));
    if (failing.has(i)) return route.fulfill({ status: 500, body: 'nope' });
    const k = `${i}/${m[2]}`;
    let enc = cache.get(k);
    if (!enc) {
      const img = o.pages[i] === 'T' ? stripImage(i, m[2], o.stripRatio ?? 10) : pageImage(i, o.pages[i] === 'D', m[2]);
      enc = xor(await img, KEY);
      cache.set(k, enc);
    }
    return route.fulfill({
      status: 200,
      contentType: 'application/octet-stream',
      body: enc,
      headers: { 'content-length': String(enc.length), 'access-control-allow-origin': '*' },
    });
  });
  return state;
}
