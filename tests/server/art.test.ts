import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT } from '../../server/images/fonts.js';
import { bannerSvg, titleArtSvg } from '../../server/images/assetArt.js';
import { ImageStore, READ_NOW } from '../../server/images/store.js';
import { imageBlobs } from '../../server/images/blobs.js';
import { SHORT_CODES } from '../../core/languages.js';
import type { TitleRankingViewV2 } from '../../core/gen/manga/v1/home_pb.js';
import { call, setup, success, type TestApp } from './helpers.js';
import { T } from './fixtureIds.js';

/** The words an SVG draws, its lines joined (a long name wraps over several <text> lines). */
const drawnText = (svg: string | undefined) => [...(svg ?? '').matchAll(/<text[^>]*>([^<]*)/g)].map((m) => m[1]).join(' ');

/** An SVG's pixels (RGB) as drawn by the server's renderer. */
async function pixels(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The share of pixels that differ between two drawings of the same size. */
function changed(a: Buffer, b: Buffer): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 3) if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 60) n++;
  return n / (a.length / 3);
}

describe('the fonts the server draws with', () => {
  it('fontconfig sees only the fonts we ship (the Noto Sans subsets and Noto Sans Thai), never the machine’s', () => {
    const conf = fs.readFileSync(process.env.FONTCONFIG_FILE!, 'utf8');
    const dirs = [...conf.matchAll(/<dir>([^<]+)<\/dir>/g)].map((m) => m[1]);
    expect(dirs).toHaveLength(1);
    expect(conf).not.toMatch(/<include|\/usr\/share\/fonts/);
    const files = fs.readdirSync(dirs[0]);
    expect(files).toContain('noto-sans-thai-thai-800-normal.ttf');
    expect(files).toContain('noto-sans-vietnamese-400-normal.ttf');
    expect(files).toContain('noto-sans-cyrillic-700-normal.ttf');
    // Unpacked TrueType (FreeType in sharp's libvips reads neither WOFF nor WOFF2).
    const head = fs.readFileSync(path.join(dirs[0], 'noto-sans-thai-thai-800-normal.ttf')).subarray(0, 4);
    expect(head.readUInt32BE(0)).toBe(0x00010000);
  });

  it('a Thai cover title is drawn in glyphs, not in missing-glyph boxes', async () => {
    const thai = 'อ่านเลย วันนี้';
    // The same number of characters no font has: each is drawn as a missing-glyph box.
    const tofu = [...thai].map((c) => (c === ' ' ? ' ' : '\u{10FFFD}')).join('');
    const draw = (name: string) => pixels(titleArtSvg('portrait', 360, 510, 7, name, 'ผู้เขียน'));
    const [a, b, none] = await Promise.all([draw(thai), draw(tofu), draw('')]);
    // Something is drawn for the title, and it is not the boxes.
    expect(changed(a.data, none.data)).toBeGreaterThan(0.004);
    expect(changed(a.data, b.data)).toBeGreaterThan(0.004);
    // Our Thai face itself: a line of Thai in 'Noto Sans Thai' alone inks like the full font list.
    const line = (family: string) =>
      pixels(
        `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="80"><rect width="400" height="80" fill="#fff"/><text x="10" y="55" font-family="${family}" font-size="40">${thai}</text></svg>`,
      );
    const [ours, list] = await Promise.all([line("'Noto Sans Thai'"), line(FONT.replaceAll("'", '&apos;'))]);
    expect(changed(ours.data, list.data)).toBe(0);
  });
});

/**
 * Where the call to action's text lies outside its white pill: the banner is drawn
 * with and without the pill's text, and every pixel the text changes must have the
 * pill's white three pixels to its left and right.
 */
async function textOutsidePill(w: number, h: number, label: string): Promise<number> {
  const svg = bannerSvg(w, h, 11, 'Blade of the Sun', label);
  const last = svg.lastIndexOf('<text');
  const bare = svg.slice(0, last) + '</svg>';
  const [a, b] = await Promise.all([pixels(svg), pixels(bare)]);
  const white = (x: number, y: number) => {
    const i = (y * w + x) * 3;
    return x >= 0 && x < w && b.data[i] > 235 && b.data[i + 1] > 235 && b.data[i + 2] > 235;
  };
  let outside = 0;
  let inked = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]) < 60)
        continue;
      inked++;
      if (!(white(x - 3, y) && white(x + 3, y) && white(x, y))) outside++;
    }
  expect(inked).toBeGreaterThan(50);
  return outside;
}

describe('banner art', () => {
  it('the 300x250 viewer banner’s READ NOW fits its pill in every language (and the wide and tall banners too)', async () => {
    for (const short of SHORT_CODES) {
      for (const [w, h] of [
        [300, 250],
        [1200, 200],
        [800, 1130],
      ] as const) {
        expect({ short, w, h, outside: await textOutsidePill(w, h, READ_NOW[short]) }).toEqual({ short, w, h, outside: 0 });
      }
    }
  });
});

describe('drawn banners per language and label logos, as served', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup('sqlite', 'art');
    // A drawn banner of every language on the ranking, and one of Spanish only.
    const row = { placement: 'ranking', title_id: 0, publisher_id: 0, width: 300, height: 250, action_method: 0, is_pr: 0, sort: 0 };
    await t.db
      .insertInto('banners')
      .values([
        { ...row, id: 900, language: -1, image_url: '/img/banner/900.webp', action_url: `mangaplus://open/detail?id=${T.bladeEn}` },
        { ...row, id: 901, language: 1, image_url: '/img/banner/901.webp', action_url: `mangaplus://open/detail?id=${T.bladeEs}` },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('a banner of every language gets its art in the view’s language: the URL carries the language and the images differ', async () => {
    const urls: Record<string, string> = {};
    for (const lang of ['eng', 'tha', 'rus']) {
      const v = success(await call(t.app, { url: `/api/title_list/rankingV2?lang=${lang}` })).data.value as TitleRankingViewV2;
      urls[lang] = v.rankingBanners.find((b) => b.id === 900)!.imageUrl;
    }
    expect(urls).toEqual({
      eng: 'http://localhost:80/img/banner/900/en.webp',
      tha: 'http://localhost:80/img/banner/900/th.webp',
      rus: 'http://localhost:80/img/banner/900/ru.webp',
    });
    const images = await Promise.all(Object.values(urls).map(get));
    for (const r of images) {
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
      // Drawn from the database: revalidated, not immutable (it changes with its rows and the drawing).
      expect(r.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=604800');
    }
    expect(new Set(images.map((r) => r.rawPayload.toString('base64'))).size).toBe(3);
    // A banner of one language keeps its one URL; it has no language variants.
    expect((await get('/img/banner/901.webp')).statusCode).toBe(200);
    expect((await get('/img/banner/901/th.webp')).statusCode).toBe(404);
    expect((await get('/img/banner/900/xx.webp')).statusCode).toBe(404);
    expect((await get('/img/banner/900/constructor.webp')).statusCode).toBe(404);
  });

  it('a banner drawn in another language names the title as that language’s edition does (the English name where none)', async () => {
    const store = new ImageStore(t.app.repos.images, imageBlobs(t.app.config), t.app.config.catalogSeed);
    const name = async (id: number) => (await t.db.selectFrom('titles').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
    const [en, es] = [await name(T.bladeEn), await name(T.bladeEs)];
    expect(en).not.toBe(es);
    const es900 = drawnText(await store.assetSvg(['banner', '900', 'es'], t.app.clock.nowSec()));
    expect(es900).toContain(es);
    expect(es900).not.toContain(en);
    expect(drawnText(await store.assetSvg(['banner', '900', 'en'], t.app.clock.nowSec()))).toContain(en);
    // No Thai edition of this series: the English name, with the Thai call to action.
    const th900 = drawnText(await store.assetSvg(['banner', '900', 'th'], t.app.clock.nowSec()));
    expect(th900).toContain(en);
    expect(th900).toContain(READ_NOW.th);
  });

  it('every publisher label has its own logo image; an unknown label has none', async () => {
    const codes = ['WJ', 'SQ', 'J_PLUS', 'CREATORS', 'DX'];
    const images = await Promise.all(codes.map((c) => get(`/img/label/${c}.webp`)));
    for (const r of images) {
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
      const meta = await sharp(r.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 96]);
    }
    expect(new Set(images.map((r) => r.rawPayload.toString('base64'))).size).toBe(codes.length);
    expect((await get('/img/label/NOPE.webp')).statusCode).toBe(404);
  });
});

describe('drawn art follows its drawing and its data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup('sqlite', 'art-drawn');
  });
  afterAll(() => t.close());

  const get = (url: string, etag?: string) => t.app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

  it('a file stored at the art’s own path by an older server is never served: what is drawn now is', async () => {
    const url = `/img/title/${T.bladeEn}/portrait.webp`;
    // An older server stored its drawing at the URL's path; here, a stand-in that is no drawing of ours.
    const old = await sharp({ create: { width: 360, height: 510, channels: 3, background: '#ff00ff' } })
      .webp()
      .toBuffer();
    await imageBlobs(t.app.config).put(`title/${T.bladeEn}/portrait.webp`, old);
    const r = await get(url);
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(old)).toBe(false);
    const { data } = await sharp(r.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).not.toEqual([255, 0, 255]);
  });

  it('a renamed title is drawn anew under a new ETag; an unchanged one answers 304 to its ETag', async () => {
    const url = `/img/title/${T.catsEn}/portrait.webp`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect((await get(url, etag)).statusCode).toBe(304);
    await t.db.updateTable('titles').set({ name: 'A Name Drawn Anew' }).where('id', '=', T.catsEn).execute();
    const after = await get(url, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('an uploaded image keeps its stored bytes and is immutable', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    await imageBlobs(t.app.config).put(`title/${T.catsEn}/portrait_0123456789abcdef.webp`, png);
    const r = await get(`/img/title/${T.catsEn}/portrait_0123456789abcdef.webp`);
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(png)).toBe(true);
    expect(r.headers['cache-control']).toMatch(/immutable/);
  });
});
