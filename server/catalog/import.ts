import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { DB } from '../db/index.js';
import { PageType } from '../../core/gen/manga/v1/viewer_pb.js';
import { LabelCode, ReleaseSchedule, UpdateTiming, Rating, TitleUpdateStatus } from '../../core/gen/manga/v1/common_pb.js';
import { QUALITIES, SINGLE_WIDTH } from '../images/urls.js';
import { newPageKey, xorWithKey } from '../images/crypto.js';
import { WEBP } from '../images/store.js';
import { chapterThumbUrl, titleImageUrl } from '../images/assets.js';
import { byShort, SHORT_CODES } from '../../core/languages.js';
import { IMAGE_EXT, ImportError, readSource, type RawPage } from './importSource.js';

/**
 * Chapter import (issue #3): a folder of images or a .cbz/.zip archive
 * becomes a chapter of an existing or new title. Pages are naturally sorted
 * by file name, DOUBLE spreads detected by aspect ratio, resized to the three
 * qualities, WebP-encoded and XOR-encrypted with a random key per page.
 * Images are prepared in a temporary folder, the rows written in one
 * transaction, and only then the folder moved into place: a failure at any
 * step leaves nothing behind.
 */
export interface ImportOptions {
  source: string;
  /** Existing title, or a new one from name/author/language. */
  titleId?: number;
  newTitle?: { name: string; author: string; language: string; overview?: string };
  chapterName: string;
  subTitle?: string;
  /** Seconds; default now. */
  start?: number;
  end?: number;
  verticalOnly?: boolean;
  horizontalOnly?: boolean;
  dataDir: string;
  onProgress?: (done: number, total: number, step: string) => void;
}

export interface ImportResult {
  titleId: number;
  chapterId: number;
  pages: number;
  doubles: number;
}

/** Landscape pages (wider than this ratio) are DOUBLE spreads. */
const DOUBLE_RATIO = 1.2;

async function prepare(pages: RawPage[], tmp: string, report: (i: number) => void) {
  const rows: Array<{ type: PageType; width: number; height: number; key: string }> = [];
  for (let i = 0; i < pages.length; i++) {
    const p = pages[i];
    let meta: { width?: number | undefined; height?: number | undefined };
    try {
      if (!IMAGE_EXT.test(p.name)) throw new Error('not an image file name');
      meta = await sharp(p.data).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
    } catch (e) {
      throw new ImportError(`${p.name} is not an image (${(e as Error).message})`);
    }
    const double = meta.width / meta.height > DOUBLE_RATIO;
    const key = newPageKey();
    const highW = SINGLE_WIDTH.high * (double ? 2 : 1);
    rows.push({
      type: double ? PageType.DOUBLE : PageType.SINGLE,
      width: highW,
      height: Math.round((meta.height * highW) / meta.width),
      key,
    });
    for (const q of QUALITIES) {
      const w = SINGLE_WIDTH[q] * (double ? 2 : 1);
      let webp: Buffer;
      try {
        webp = await sharp(p.data).rotate().resize({ width: w }).webp(WEBP).toBuffer();
      } catch (e) {
        throw new ImportError(`${p.name} could not be decoded (${(e as Error).message})`);
      }
      const file = path.join(tmp, String(i), `${q}.webp`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, xorWithKey(webp, key));
    }
    report(i + 1);
  }
  return rows;
}

export async function importChapter(db: DB, o: ImportOptions): Promise<ImportResult> {
  const now = Math.floor(Date.now() / 1000);
  if (!o.chapterName.trim()) throw new ImportError('--chapter is required (the chapter name, e.g. "#015")');
  if (o.verticalOnly && o.horizontalOnly) throw new ImportError('a chapter cannot be both vertical-only and horizontal-only');
  let language = 0;
  if (o.titleId !== undefined) {
    const t = await db.selectFrom('titles').select(['id']).where('id', '=', o.titleId).executeTakeFirst();
    if (!t) throw new ImportError(`there is no title ${o.titleId}`);
    const dup = await db
      .selectFrom('chapters')
      .select('id')
      .where('title_id', '=', o.titleId)
      .where('name', '=', o.chapterName)
      .executeTakeFirst();
    if (dup) throw new ImportError(`title ${o.titleId} already has a chapter named ${o.chapterName} (chapter ${dup.id})`);
  } else if (o.newTitle) {
    if (!o.newTitle.name.trim() || !o.newTitle.author.trim()) throw new ImportError('a new title needs --name and --author');
    const lang = byShort(o.newTitle.language);
    if (lang === undefined) throw new ImportError(`unknown language "${o.newTitle.language}" (one of ${SHORT_CODES.join(', ')})`);
    language = lang.language;
  } else {
    throw new ImportError('give --title <id> for an existing title, or --name, --author and --language for a new one');
  }
  const raw = await readSource(o.source);
  const total = raw.length;
  const tmp = path.join(o.dataDir, 'img', `.import-${crypto.randomBytes(6).toString('hex')}`);
  fs.mkdirSync(tmp, { recursive: true });
  try {
    const rows = await prepare(raw, tmp, (i) => o.onProgress?.(i, total, 'pages'));
    const result = await db.transaction().execute(async (trx) => {
      let titleId = o.titleId;
      if (titleId === undefined) {
        const nt = o.newTitle!;
        const sid =
          Number(
            (
              await trx
                .selectFrom('series')
                .select((eb) => eb.fn.max('id').as('m'))
                .executeTakeFirst()
            )?.m ?? 0,
          ) + 1;
        titleId =
          Number(
            (
              await trx
                .selectFrom('titles')
                .select((eb) => eb.fn.max('id').as('m'))
                .executeTakeFirst()
            )?.m ?? 0,
          ) + 1;
        const slug = `${
          nt.name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, '') || 'series'
        }-${sid}`;
        await trx
          .insertInto('series')
          .values({
            id: sid,
            slug,
            label: LabelCode.OTHERS,
            status: 'ongoing',
            release_schedule: ReleaseSchedule.OTHER,
            update_timing: UpdateTiming.NOT_REGULARLY,
            rating: Rating.ALLAGE,
            is_simulpub: 0,
            plan_type: 'standard',
            publisher_id: 1,
            start_from_right: 0,
            region_code: '',
            created_at: now,
          })
          .execute();
        await trx
          .insertInto('titles')
          .values({
            id: titleId,
            series_id: sid,
            language,
            name: nt.name,
            author: nt.author,
            overview: nt.overview ?? '',
            portrait_image_url: titleImageUrl(titleId, 'portrait'),
            landscape_image_url: titleImageUrl(titleId, 'landscape'),
            title_image_url: titleImageUrl(titleId, 'title'),
            background_image_url: titleImageUrl(titleId, 'background'),
            favorite_image_url: titleImageUrl(titleId, 'favorite'),
            view_count: 0,
            update_status: TitleUpdateStatus.NEW,
            viewing_period_description: '',
            non_appearance_info: '',
            is_new: 1,
            created_at: now,
          })
          .execute();
      }
      const chapterId =
        Number(
          (
            await trx
              .selectFrom('chapters')
              .select((eb) => eb.fn.max('id').as('m'))
              .executeTakeFirst()
          )?.m ?? 0,
        ) + 1;
      const seq =
        Number(
          (
            await trx
              .selectFrom('chapters')
              .select((eb) => eb.fn.max('seq').as('m'))
              .where('title_id', '=', titleId)
              .executeTakeFirst()
          )?.m ?? 0,
        ) + 1;
      await trx
        .insertInto('chapters')
        .values({
          id: chapterId,
          title_id: titleId,
          seq,
          name: o.chapterName,
          sub_title: o.subTitle ?? '',
          thumbnail_url: chapterThumbUrl(chapterId),
          start_ts: o.start ?? now,
          end_ts: o.end ?? 0,
          is_vertical_only: o.verticalOnly ? 1 : 0,
          is_horizontal_only: o.horizontalOnly ? 1 : 0,
          view_count: 0,
          ticket_end: 0,
          notified_at: 0,
        })
        .execute();
      await trx
        .insertInto('pages')
        .values(
          rows.map((r, idx) => ({
            chapter_id: chapterId,
            idx,
            type: r.type,
            width: r.width,
            height: r.height,
            encryption_key: r.key,
            source: 'file',
          })),
        )
        .execute();
      // The images move into place inside the transaction: if the move fails, the rows roll back.
      const dest = path.join(o.dataDir, 'img', 'page', String(chapterId));
      fs.rmSync(dest, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.renameSync(tmp, dest);
      return { titleId, chapterId, pages: rows.length, doubles: rows.filter((r) => r.type === PageType.DOUBLE).length };
    });
    return result;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
