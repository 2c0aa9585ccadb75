import crypto from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { ServerClock } from '../../lib/clock.js';
import type { Blobs } from '../../images/blobs.js';
import type { ProcessRequest } from '../../../core/console/schemas/catalog.js';
import { UPLOAD_LIMITS } from '../../../core/console/schemas/catalog.js';
import { processPage } from '../../catalog/pageProcessing.js';
import { PageProblem, sourceOf } from '../../catalog/importSource.js';
import { QUALITIES } from '../../images/urls.js';
import { draftPrefix, renumber, type ChapterRow } from './chapters.js';
import type { Outcome, PageQueue } from './pageQueue.js';

/**
 * The page-processing job of a console chapter (POST /chapters/:id/process):
 * its state is a row (console_chapters.job_*), so it outlives the request
 * and the node. Every node runs a worker fed by the page queue (pageQueue.ts:
 * the rows themselves on SQLite, pg-boss on PostgreSQL); it claims the
 * chapter with a conditional update and holds it with a lease it renews
 * while it works; a job whose node died is taken over when its lease runs
 * out, and done again from its uploads. Pages are written to
 * the blob store under fresh folders first and added to the board in one
 * transaction at the end: a failed or abandoned job adds no page, and what it
 * had written is removed.
 */
export interface CatalogJobs {
  /** Records the job of a chapter whose row the caller's transaction queues. */
  enqueue(trx: Kysely<Database>, chapterId: number): Promise<void>;
  /** Looks for work now (after a job was queued). */
  kick(): void;
  /** Resolves when no job is queued or running (tests, the bench). */
  idle(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobDeps {
  db: DB;
  clock: ServerClock;
  blobs: Blobs;
  /** Where tus keeps uploads (<dataDir>/uploads). */
  uploadDir: string;
  log: { warn(o: unknown, msg: string): void };
  queue: PageQueue;
}

/**
 * Pages a node decodes and encodes at once (a node runs one job at a time:
 * both queues hand it one chapter after the other). This is what bounds the
 * job's memory, whatever the chapter's length: each page in flight holds its
 * file and, inside libvips and libwebp, its decoded frame and WebP's copies
 * of it (some 25 MB at 1440 x 2040). Two keep two cores busy (sharp works
 * off the event loop); more would cost memory for little speed on a small
 * node. What glibc keeps after the frames are freed is bounded by
 * MALLOC_ARENA_MAX, which `npm start` sets (README, Configuration).
 */
export const PAGES_IN_FLIGHT = 2;
/** Seconds a job is held without a renewal. */
const LEASE = 60;

const uploadFile = (uploadDir: string, id: string) => path.join(uploadDir, id.replace(/[^A-Za-z0-9_-]/g, ''));

/** An upload's bytes and tus's note of it. */
export function removeUploads(uploadDir: string, ids: string[]): void {
  for (const id of ids) {
    fs.rmSync(uploadFile(uploadDir, id), { force: true });
    fs.rmSync(`${uploadFile(uploadDir, id)}.json`, { force: true });
  }
}

export function catalogJobs(d: JobDeps): CatalogJobs {
  /** Claims the chapter's job: queued, or running under a lease that ran out (its node died). */
  async function take(id: number): Promise<Outcome> {
    const now = d.clock.nowSec();
    const c = await d.db.selectFrom('console_chapters').selectAll().where('id', '=', id).executeTakeFirst();
    if (!c || (c.job_state !== 'queued' && c.job_state !== 'running')) return 'handled';
    if (c.job_state === 'running' && c.job_lease >= now) return 'held';
    const r = await d.db
      .updateTable('console_chapters')
      .set({ job_state: 'running', job_lease: now + LEASE, job_done: 0 })
      .where('id', '=', c.id)
      .where('job_state', '=', c.job_state)
      .where('job_lease', '=', c.job_lease)
      .executeTakeFirst();
    // Another node got it first.
    if (Number(r.numUpdatedRows) !== 1) return 'held';
    await run({ ...c, job_state: 'running', job_lease: now + LEASE });
    return 'handled';
  }

  /** Still ours (not deleted, not taken over): renews the lease and records progress. */
  async function progress(c: ChapterRow, done: number, total: number): Promise<boolean> {
    const lease = d.clock.nowSec() + LEASE;
    const r = await d.db
      .updateTable('console_chapters')
      .set({ job_done: done, job_total: total, job_lease: lease })
      .where('id', '=', c.id)
      .where('job_state', '=', 'running')
      .where('job_lease', '=', c.job_lease)
      .executeTakeFirst();
    c.job_lease = lease;
    return Number(r.numUpdatedRows) === 1;
  }

  async function run(c: ChapterRow): Promise<void> {
    const req = JSON.parse(c.job_request) as ProcessRequest;
    const uploads = await d.db
      .selectFrom('console_uploads')
      .selectAll()
      .where('id', 'in', req.uploads)
      .where('chapter_id', '=', c.id)
      .execute();
    const written: string[] = [];
    const made: { blob: string; name: string; type: number; suggest: boolean; width: number; height: number; key: string }[] = [];
    let source;
    try {
      if (uploads.length !== req.uploads.length)
        throw new PageProblem('no-pages', 'An upload of this job is no longer there: upload the files again.');
      source = await sourceOf(
        uploads.map((u) => ({ name: u.filename, file: uploadFile(d.uploadDir, u.id) })),
        { maxPages: UPLOAD_LIMITS.maxPages, maxUnpackedBytes: UPLOAD_LIMITS.maxUnpackedBytes },
      );
      const total = source.pages.length;
      if (!(await progress(c, 0, total))) throw new Gone();
      // PAGES_IN_FLIGHT pages at once, kept in reading order.
      const one = async (raw: { name: string; read(): Promise<Buffer> }) => {
        const p = await processPage(raw.name, await raw.read(), UPLOAD_LIMITS.maxPixels);
        const blob = crypto.randomBytes(9).toString('base64url');
        written.push(draftPrefix(c.id, blob));
        for (const q of QUALITIES) await d.blobs.put(`${draftPrefix(c.id, blob)}/${q}.webp`, p.files[q]);
        await d.blobs.put(`${draftPrefix(c.id, blob)}/thumb.webp`, p.thumb);
        return {
          blob,
          name: path.basename(raw.name),
          type: p.type,
          suggest: p.suggestDouble,
          width: p.width,
          height: p.height,
          key: p.key,
        };
      };
      for (let i = 0; i < total; i += PAGES_IN_FLIGHT) {
        // All settle before a failure is raised: nothing is still writing when the cleanup runs.
        const settled = await Promise.allSettled(source.pages.slice(i, i + PAGES_IN_FLIGHT).map(one));
        for (const r of settled) if (r.status === 'rejected') throw r.reason;
        made.push(...settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
        if (!(await progress(c, made.length, total))) throw new Gone();
      }
      await commit(c, req, made);
    } catch (e) {
      for (const w of written) await d.blobs.removeFolder(w).catch(() => {});
      if (e instanceof Gone) return;
      const error =
        e instanceof PageProblem ? { code: e.code, detail: e.message } : { code: 'internal', detail: 'Processing failed on the server.' };
      if (!(e instanceof PageProblem)) d.log.warn({ err: e, chapterId: c.id }, 'catalog: page job failed');
      await d.db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('console_chapters')
          .set({ job_state: 'failed', job_error: JSON.stringify(error) })
          .where('id', '=', c.id)
          .where('job_lease', '=', c.job_lease)
          .executeTakeFirst();
        // A failed job's uploads go too: nothing half-made stays (the editor uploads fixed files).
        if (Number(r.numUpdatedRows) === 1) await trx.deleteFrom('console_uploads').where('id', 'in', req.uploads).execute();
      });
      removeUploads(d.uploadDir, req.uploads);
    } finally {
      source?.close();
    }
  }

  /** The new pages join the board in one transaction; the uploads they came from are gone after. */
  async function commit(
    c: ChapterRow,
    req: ProcessRequest,
    made: { blob: string; name: string; type: number; suggest: boolean; width: number; height: number; key: string }[],
  ) {
    let replaced: string | undefined;
    await d.db.transaction().execute(async (trx) => {
      const mine = await trx
        .selectFrom('console_chapters')
        .select('job_lease')
        .where('id', '=', c.id)
        .where('job_state', '=', 'running')
        .executeTakeFirst();
      if (mine?.job_lease !== c.job_lease) throw new Gone();
      const board = await trx
        .selectFrom('console_pages')
        .select(['id', 'blob'])
        .where('chapter_id', '=', c.id)
        .orderBy('position')
        .execute();
      const ids: number[] = [];
      for (const m of made) {
        const r = await trx
          .insertInto('console_pages')
          .values({
            chapter_id: c.id,
            position: 0,
            type: m.type,
            suggest_double: m.suggest ? 1 : 0,
            width: m.width,
            height: m.height,
            encryption_key: m.key,
            name: m.name,
            blob: m.blob,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(r.id);
      }
      let order = board.map((b) => b.id);
      const at = req.replace ?? req.before;
      const i = at === undefined ? -1 : order.indexOf(at);
      if (req.replace !== undefined && i >= 0) {
        replaced = board[i].blob;
        await trx.deleteFrom('console_pages').where('id', '=', req.replace).execute();
        order = [...order.slice(0, i), ...ids, ...order.slice(i + 1)];
      } else if (i >= 0) order = [...order.slice(0, i), ...ids, ...order.slice(i)];
      else order = [...order, ...ids];
      if (order.length > UPLOAD_LIMITS.maxPages)
        throw new PageProblem('too-many-pages', `A chapter holds at most ${UPLOAD_LIMITS.maxPages} pages.`);
      await renumber(trx, c.id, order);
      await trx
        .updateTable('console_chapters')
        .set((eb) => ({ job_state: 'done', job_error: '', version: eb('version', '+', 1) }))
        .where('id', '=', c.id)
        .execute();
      await trx.deleteFrom('console_uploads').where('id', 'in', req.uploads).execute();
    });
    if (replaced) await d.blobs.removeFolder(draftPrefix(c.id, replaced)).catch(() => {});
    removeUploads(d.uploadDir, req.uploads);
  }

  return {
    enqueue: (trx, chapterId) => d.queue.enqueue(trx, chapterId),
    kick: () => d.queue.kick(),
    idle: () => d.queue.idle(),
    start: () => d.queue.start(take),
    stop: () => d.queue.stop(),
  };
}

/** The chapter was deleted or the job taken over meanwhile: stop, add nothing. */
class Gone extends Error {}
