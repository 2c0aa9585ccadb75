import crypto from 'node:crypto';
import sharp from 'sharp';
import { LabelCode } from '../../core/gen/manga/v1/common_pb.js';
import type { ImagesRepo } from '../repos/images.js';
import type { Blobs } from './blobs.js';
import { pageSize, type Quality } from './urls.js';
import { pageSvg } from './pageArt.js';
import { titleArtSvg, thumbSvg, bannerSvg, iconSvg, labelSvg, publisherSvg, popupSvg } from './assetArt.js';
import { seriesStyleSeed, styleFor } from './style.js';
import { screentone } from './screentone.js';
import { xorWithKey } from './crypto.js';
import { strictId } from './ids.js';
import { thumbSheetImage } from './thumbSheet.js';
import {
  TITLE_IMAGES,
  THUMB_SIZE,
  ICON_SIZE,
  ICON_COUNT,
  LABEL_SIZE,
  PUBLISHER_BANNER_SIZE,
  POPUP_IMAGE_SIZE,
  type TitleImageKind,
} from './assets.js';
import { BUBBLES } from '../content/text/chatter.js';
import { HOME_POPUP } from '../content/text/copy.js';
import { l9 } from '../content/text/l9.js';
import { BY_SHORT, languageOrDefault, type ShortCode } from '../../core/languages.js';

/** The phrase-bank language of a Language value (English for any other). */
const langOf = (lang: number): ShortCode => languageOrDefault(lang).short;

export interface StoredImage {
  data: Buffer;
  etag: string;
  /** Demo art drawn from the database: it changes when its drawing or its data does (not immutable). */
  drawn?: boolean;
  /** When (s) this drawing is drawn otherwise at the same URL: a scheduled chapter's thumbnail gets its name at the release. */
  changesAt?: number;
}

/** What demo art is drawn from, and when it will be drawn otherwise (undefined: only when its rows change). */
interface Drawing {
  svg: string;
  changesAt?: number;
}

/** WebP settings: effort 2 keeps a high-quality page well under 100 ms. */
export const WEBP = { quality: 80, effort: 2 } as const;

/** The banners' call to action and the headline of a banner with no title or publisher, per language. */
export const READ_NOW = l9('READ NOW', 'LEER AHORA', 'LIRE', 'BACA', 'LER AGORA', 'ЧИТАТЬ', 'อ่านเลย', 'JETZT LESEN', 'ĐỌC NGAY');
const SPECIAL_FEATURE = l9('Special feature', 'Especial', 'Spécial', 'Spesial', 'Especial', 'Спецвыпуск', 'ฉบับพิเศษ', 'Spezial', 'Đặc biệt');

function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
}

/** Rasterises a page, applies the screentone and encodes it. */
async function renderPage(svg: string, tonePeriod: number, ink: string, paper: string): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  screentone(data, info.width, info.height, tonePeriod, ink, paper);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .webp(WEBP)
    .toBuffer();
}

const etagOf = (data: Buffer) => `"${crypto.createHash('sha1').update(data).digest('base64url')}"`;

/** The names demo art is drawn at (an uploaded image's name carries its hash: "portrait_<hash>", "art/…"). */
function drawnShape([kind, , b, ...rest]: string[]): boolean {
  if (rest.length) return false;
  switch (kind) {
    case 'label':
    case 'icon':
    case 'popup':
      return b === undefined;
    case 'banner':
      return true;
    case 'title':
      return b !== undefined && Object.hasOwn(TITLE_IMAGES, b);
    case 'chapter':
      return b === 'thumb';
    case 'publisher':
      return b === 'banner';
    default:
      return false;
  }
}

/**
 * Page images and plain art, kept in the blob store (server/images/blobs.ts:
 * <dataDir>/img, or the bucket every node shares) at the path of their URL.
 * Demo art is drawn on first request (deterministically from the database
 * row) and stored (pages at their URL's path, plain art under drawn/, by the
 * hash of what it is drawn from): a node that finds it there serves it
 * without drawing it again. Imported pages are put there by the importer.
 */
export class ImageStore {
  private readonly inflight = new Map<string, Promise<Buffer | undefined>>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly repo: ImagesRepo,
    private readonly blobs: Blobs,
    private readonly catalogSeed: number,
    private readonly maxParallel = 2,
  ) {}

  /** The encrypted page image, or undefined when there is no such page. */
  async page(chapterId: number, idx: number, q: Quality): Promise<StoredImage | undefined> {
    const rel = `page/${chapterId}/${idx}/${q}.webp`;
    const data = await this.cached(rel, async () => {
      const p = await this.repo.page(chapterId, idx);
      if (!p || !p.source.startsWith('demo:')) return undefined;
      const size = pageSize(p.width, p.height, q);
      const lang = langOf(p.language);
      const st = styleFor(Number(p.source.slice(5)) >>> 0);
      const svg = pageSvg(
        {
          styleSeed: Number(p.source.slice(5)) >>> 0,
          chapterId,
          idx,
          pageCount: p.page_count,
          type: p.type,
          width: p.width,
          height: p.height,
          titleName: p.title_name,
          chapterName: p.chapter_name,
          lines: BUBBLES.map((b) => b[lang]),
          webtoon: p.is_vertical_only === 1 && p.height > p.width * 1.6,
        },
        size.width,
        size.height,
      );
      const period = (st.dot * size.width) / p.width;
      return xorWithKey(await this.limited(() => renderPage(svg, period, st.ink, st.paper)), p.encryption_key);
    });
    return data && { data, etag: etagOf(data) };
  }

  /** A chapter's thumbnail sheet, encrypted (server/images/thumbSheet.ts); undefined when it has none. */
  thumbSheet(chapterId: number, sheet: number): Promise<StoredImage | undefined> {
    return thumbSheetImage(this.repo, this.blobs, this, chapterId, sheet);
  }

  /**
   * A plain image by its path under /img/ (e.g. "title/100001/portrait.webp").
   * Demo art is drawn from its database rows, so it is stored under the hash
   * of what it is drawn from (its SVG and the encoder's settings): a changed
   * drawing or a renamed title is drawn anew, never served from an older
   * stored file, and its ETag changes with it. Any other name is an uploaded
   * image, stored under its own (content-hashed) name. `now` (s): a chapter
   * not released yet is drawn without its name (no answer names it before).
   */
  async asset(rel: string, now: number): Promise<StoredImage | undefined> {
    if (!/^[a-z]+\/[A-Za-z0-9_/]+\.webp$/.test(rel) || /^(page|thumbs)\//.test(rel) || rel.length > 128) return undefined;
    // Not even the store is asked for a name that is no image's (a 300-digit id fails in the file system).
    const parts = rel.slice(0, -'.webp'.length).split('/');
    const [kind, a] = parts;
    if (kind !== 'label' && strictId(a) === undefined) return undefined;
    if (drawnShape(parts)) {
      const drawing = await this.drawing(parts, now);
      if (drawing === undefined) return undefined;
      const { svg, changesAt } = drawing;
      const hash = crypto.createHash('sha1').update(svg).update(JSON.stringify(WEBP)).digest('base64url').slice(0, 22);
      const data = await this.cached(`drawn/${kind}/${parts.slice(1).join('_')}_${hash}.webp`, () => this.limited(() => renderSvg(svg)));
      return data && { data, etag: `"${hash}"`, drawn: true, ...(changesAt !== undefined ? { changesAt } : {}) };
    }
    const data = await this.blobs.get(rel);
    return data && { data, etag: etagOf(data) };
  }

  /** The SVG an asset is drawn from at `now` (s), by its path's parts (undefined: no such asset); the art tests read its text. */
  async assetSvg(parts: string[], now: number): Promise<string | undefined> {
    return (await this.drawing(parts, now))?.svg;
  }

  private async drawing(parts: string[], now: number): Promise<Drawing | undefined> {
    const [kind, , b] = parts;
    if (kind === 'chapter' && parts.length === 3 && b === 'thumb') return this.chapterThumb(parts, now);
    const svg = await this.plainSvg(parts);
    return svg === undefined ? undefined : { svg };
  }

  /**
   * A chapter's thumbnail: its name and its title's. A chapter not released
   * yet is drawn without its name (its title only), until its release.
   */
  private async chapterThumb([, a]: string[], now: number): Promise<Drawing | undefined> {
    const id = strictId(a);
    const c = id === undefined ? undefined : await this.repo.chapter(id);
    if (!c) return undefined;
    const seed = seriesStyleSeed(this.catalogSeed, c.series_id);
    if (c.start_ts > now) return { svg: thumbSvg(THUMB_SIZE.width, THUMB_SIZE.height, seed, '', c.title_name), changesAt: c.start_ts };
    return { svg: thumbSvg(THUMB_SIZE.width, THUMB_SIZE.height, seed, c.name, c.title_name) };
  }

  /** The SVG of art that does not change with the time (everything but chapter thumbnails). */
  private async plainSvg(parts: string[]): Promise<string | undefined> {
    const [kind, a, b] = parts;
    // Checked before anything is looked up, drawn or stored: one spelling per image (label names are not ids).
    if (kind === 'label') {
      const known = parts.length === 2 && a && Object.hasOwn(LabelCode, a) && typeof LabelCode[a as keyof typeof LabelCode] === 'number';
      return known ? labelSvg(a, LABEL_SIZE.width, LABEL_SIZE.height) : undefined;
    }
    const id = strictId(a);
    if (id === undefined) return undefined;
    const seed = (seriesId: number) => seriesStyleSeed(this.catalogSeed, seriesId);
    if (kind === 'title' && parts.length === 3 && b && Object.hasOwn(TITLE_IMAGES, b)) {
      const t = await this.repo.title(id);
      if (!t) return undefined;
      const size = TITLE_IMAGES[b as TitleImageKind];
      return titleArtSvg(b as TitleImageKind, size.width, size.height, seed(t.series_id), t.name, t.author);
    }
    if (kind === 'icon' && parts.length === 2 && id >= 1 && id <= ICON_COUNT) {
      return iconSvg(id, ICON_SIZE.width, ICON_SIZE.height);
    }
    if (kind === 'publisher' && parts.length === 3 && b === 'banner') {
      const p = await this.repo.publisher(id);
      return p && publisherSvg(p.name, PUBLISHER_BANNER_SIZE.width, PUBLISHER_BANNER_SIZE.height);
    }
    // banner/<id>: in the banner's language (its target's for a banner of every language);
    // banner/<id>/<short code>: a banner of every language drawn in that language.
    const variant = parts.length === 3 && b && Object.hasOwn(BY_SHORT, b) ? BY_SHORT[b as ShortCode] : undefined;
    if (kind === 'banner' && (parts.length === 2 || variant)) {
      const bn = await this.repo.banner(id);
      if (!bn || (variant && bn.language >= 0)) return undefined;
      const target = await this.bannerTarget(bn.title_id, bn.action_url);
      const language = variant ? variant.language : bn.language >= 0 ? bn.language : (target?.language ?? 0);
      const lang = langOf(language);
      // The title as readers of that language know it: its own edition's name where the series has one.
      const localName = target && target.language !== language ? await this.repo.seriesTitleName(target.series_id, language) : undefined;
      const headline = localName ?? target?.name ?? (await this.repo.publisher(bn.publisher_id))?.name ?? SPECIAL_FEATURE[lang];
      return bannerSvg(bn.width, bn.height, seed(target?.series_id ?? bn.id), headline, READ_NOW[lang]);
    }
    if (kind === 'popup' && parts.length === 2) {
      const pp = await this.repo.popup(id);
      if (!pp || !pp.image_url) return undefined;
      const lang = langOf(pp.language);
      const target = await this.bannerTarget(0, pp.action_url);
      const localName =
        target && pp.language >= 0 && target.language !== pp.language
          ? await this.repo.seriesTitleName(target.series_id, pp.language)
          : undefined;
      return popupSvg(
        POPUP_IMAGE_SIZE.width,
        POPUP_IMAGE_SIZE.height,
        seed(target?.series_id ?? pp.id),
        pp.subject || localName || target?.name || HOME_POPUP.subject[lang],
        pp.body || HOME_POPUP.body[lang],
      );
    }
    return undefined;
  }

  /** The title a banner or popup points at (its own, or the one its app link opens). */
  private async bannerTarget(titleId: number, url: string) {
    if (titleId) return this.repo.title(titleId);
    const detail = /detail\?id=(\d+)/.exec(url);
    if (detail) return this.repo.title(Number(detail[1]));
    const viewer = /viewer\?id=(\d+)/.exec(url);
    if (viewer) {
      const c = await this.repo.chapter(Number(viewer[1]));
      if (c) return { name: c.title_name, series_id: c.series_id, language: c.language };
    }
    return undefined;
  }

  /** Reads the stored image, or makes and stores it once (concurrent requests share the work; the sheets use it too). */
  async cached(rel: string, make: () => Promise<Buffer | undefined>): Promise<Buffer | undefined> {
    const stored = await this.blobs.get(rel);
    if (stored) return stored;
    let job = this.inflight.get(rel);
    if (!job) {
      job = make().then(async (data) => {
        // Served even when it could not be stored (drawn again next time).
        if (data) await this.blobs.put(rel, data).catch((e: unknown) => console.warn(`image store: ${rel} not stored`, e));
        return data;
      });
      this.inflight.set(rel, job);
      job.finally(() => this.inflight.delete(rel)).catch(() => {});
    }
    return job;
  }

  /** At most maxParallel renders at once: the machine has two cores and other work. */
  async limited<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.maxParallel) await new Promise<void>((res) => this.waiting.push(res));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
