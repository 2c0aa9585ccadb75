import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import { PageType } from '../../core/gen/manga/v1/viewer_pb.js';
import { QUALITIES } from '../images/urls.js';
import { imageBlobs } from '../images/blobs.js';
import { byShort, SHORT_CODES } from '../../core/languages.js';
import { importsRepo } from '../repos/imports.js';
import { chapterThumbUrl, titleImageUrl } from '../images/assets.js';
import { readSource, type RawPage } from './importSource.js';
import { ImportError } from './pageProblem.js';
import { processPage } from './pageProcessing.js';

/**
 * Chapter import (issue #3): a folder of images or a .cbz/.zip archive
 * becomes a chapter of an existing or new title. Pages are naturally sorted
 * by file name, DOUBLE spreads detected by aspect ratio, resized to the three
 * qualities' widths (the height follows: a webtoon strip of 800 x 20,000 px
 * keeps its full width at every quality however tall it gets), encoded
 * (encode below) and XOR-encrypted with a random key per page.
 * Images are prepared in a temporary folder, the rows written in one
 * transaction, and only then the folder moved into place (under
 * <dataDir>/img, or uploaded to the object store every node reads), inside
 * the transaction: a failure at any step leaves no rows behind. On
 * PostgreSQL the commit tells every node (server/cluster/notices.ts) to show
 * the new chapter.
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
  /** The bucket the pages go to (OBJECT_STORE_URL); none: <dataDir>/img. */
  objectStoreUrl?: string;
  onProgress?: (done: number, total: number, step: string) => void;
}

export interface ImportResult {
  titleId: number;
  chapterId: number;
  pages: number;
  doubles: number;
}

/** Prepares each page (pageProcessing.ts, the console's path too) into tmp/<idx>/<quality>.webp. */
async function prepare(pages: RawPage[], tmp: string, report: (i: number) => void) {
  const rows: Array<{ type: PageType; width: number; height: number; key: string }> = [];
  for (let i = 0; i < pages.length; i++) {
    const p = await processPage(pages[i].name, await pages[i].read());
    rows.push({ type: p.type, width: p.width, height: p.height, key: p.key });
    // Page files 0600 in 0700 folders, as the image store writes them (server/images/blobs.ts).
    fs.mkdirSync(path.join(tmp, String(i)), { recursive: true, mode: 0o700 });
    for (const q of QUALITIES) fs.writeFileSync(path.join(tmp, String(i), `${q}.webp`), p.files[q], { mode: 0o600 });
    report(i + 1);
  }
  return rows;
}

export async function importChapter(db: DB, clock: ServerClock, o: ImportOptions): Promise<ImportResult> {
  const now = clock.nowSec();
  if (!o.chapterName.trim()) throw new ImportError('--chapter is required (the chapter name, e.g. "#015")');
  if (o.verticalOnly && o.horizontalOnly) throw new ImportError('a chapter cannot be both vertical-only and horizontal-only');
  let language = 0;
  if (o.titleId !== undefined) {
    const repo = importsRepo(db, { titleImageUrl, chapterThumbUrl });
    if (!(await repo.titleExists(o.titleId))) throw new ImportError(`there is no title ${o.titleId}`);
    const dup = await repo.chapterNamed(o.titleId, o.chapterName);
    if (dup !== undefined) throw new ImportError(`title ${o.titleId} already has a chapter named ${o.chapterName} (chapter ${dup})`);
  } else if (o.newTitle) {
    if (!o.newTitle.name.trim() || !o.newTitle.author.trim()) throw new ImportError('a new title needs --name and --author');
    const lang = byShort(o.newTitle.language);
    if (lang === undefined) throw new ImportError(`unknown language "${o.newTitle.language}" (one of ${SHORT_CODES.join(', ')})`);
    language = lang.language;
  } else {
    throw new ImportError('give --title <id> for an existing title, or --name, --author and --language for a new one');
  }
  const source = await readSource(o.source);
  const raw = source.pages;
  const total = raw.length;
  const tmp = path.join(o.dataDir, 'img', `.import-${crypto.randomBytes(6).toString('hex')}`);
  fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
  try {
    const rows = await prepare(raw, tmp, (i) => o.onProgress?.(i, total, 'pages'));
    const result = await importsRepo(db, { titleImageUrl, chapterThumbUrl }).writeChapter(
      {
        ...(o.titleId !== undefined ? { titleId: o.titleId } : {}),
        ...(o.newTitle ? { newTitle: { ...o.newTitle, language } } : {}),
        chapterName: o.chapterName,
        ...(o.subTitle !== undefined ? { subTitle: o.subTitle } : {}),
        start: o.start ?? now,
        end: o.end ?? 0,
        verticalOnly: !!o.verticalOnly,
        horizontalOnly: !!o.horizontalOnly,
        pages: rows,
        now,
      },
      async ({ titleId, chapterId }) => {
        // The images move into place inside the transaction: if the move fails, the rows roll back.
        await imageBlobs({ dataDir: o.dataDir, objectStoreUrl: o.objectStoreUrl ?? '' }).putFolder(tmp, `page/${chapterId}`);
        return { titleId, chapterId, pages: rows.length, doubles: rows.filter((r) => r.type === PageType.DOUBLE).length };
      },
    );
    return result;
  } finally {
    source.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
