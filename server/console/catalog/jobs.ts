import crypto from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import type { DB } from '../../db/index.js';
import type { ServerClock } from '../../lib/clock.js';
import { consoleRepos, type ConsoleRepos } from '../../repos/console/index.js';
import type { UploadRow } from '../../repos/console/uploads.js';
import type { Blobs } from '../../images/blobs.js';
import type { ProcessRequest } from '../../../core/console/schemas/catalog.js';
import { UPLOAD_LIMITS } from '../../../core/console/schemas/catalog.js';
import { processPage } from '../../catalog/pageProcessing.js';
import { sourceOf } from '../../catalog/importSource.js';
import { PageProblem } from '../../catalog/pageProblem.js';
import { QUALITIES } from '../../images/urls.js';
import { draftPrefix, type ChapterRow } from './chapters.js';
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
  /** Records the job of a chapter whose row the caller's transaction queues (given its repositories). */
  enqueue(trx: ConsoleRepos, chapterId: number): Promise<void>;
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

/** A page made from an upload, its images written, waiting to join the board. */
interface MadePage {
  blob: string;
  name: string;
  type: number;
  suggest: boolean;
  width: number;
  height: number;
  key: string;
}

/** The board's order once the new pages are in: in place of the page they replace, before the one named, or at the end. */
function placed(order: number[], ids: number[], req: ProcessRequest): { order: number[]; replaced: number } {
  const at = req.replace ?? req.before;
  const i = at === undefined ? -1 : order.indexOf(at);
  if (req.replace !== undefined && i >= 0) return { order: [...order.slice(0, i), ...ids, ...order.slice(i + 1)], replaced: i };
  if (i >= 0) return { order: [...order.slice(0, i), ...ids, ...order.slice(i)], replaced: -1 };
  return { order: [...order, ...ids], replaced: -1 };
}

/** A node's worker: what the job's steps are given. */
interface Worker extends JobDeps {
  /** The console's repositories on the database (a step's transaction makes its own). */
  repos: ConsoleRepos;
}

/** Claims the chapter's job: queued, or running under a lease that ran out (its node died). */
async function take(w: Worker, id: number): Promise<Outcome> {
  const now = w.clock.nowSec();
  const c = await w.repos.chapters.row(id);
  if (!c || (c.job_state !== 'queued' && c.job_state !== 'running')) return 'handled';
  if (c.job_state === 'running' && c.job_lease >= now) return 'held';
  // Another node got it first.
  if (!(await w.repos.chapters.claimJob(c, now + LEASE))) return 'held';
  await run(w, { ...c, job_state: 'running', job_lease: now + LEASE });
  return 'handled';
}

/** Still ours (not deleted, not taken over): renews the lease and records progress. */
async function progress(w: Worker, c: ChapterRow, done: number, total: number): Promise<boolean> {
  const lease = w.clock.nowSec() + LEASE;
  const ours = await w.repos.chapters.jobProgress(c.id, c.job_lease, { job_done: done, job_total: total, job_lease: lease });
  c.job_lease = lease;
  return ours;
}

/** Makes the pages of the job's uploads, PAGES_IN_FLIGHT at once, in reading order (their images' folders noted in `written`). */
async function makePages(
  w: Worker,
  c: ChapterRow,
  uploads: UploadRow[],
  written: string[],
  close: (f: () => void) => void,
): Promise<MadePage[]> {
  const source = await sourceOf(
    uploads.map((u) => ({ name: u.filename, file: uploadFile(w.uploadDir, u.id) })),
    {
      maxPages: UPLOAD_LIMITS.maxPages,
      maxUnpackedBytes: UPLOAD_LIMITS.maxUnpackedBytes,
      maxPageBytes: UPLOAD_LIMITS.maxPageBytes,
      maxPixels: UPLOAD_LIMITS.maxPixels,
    },
  );
  close(() => source.close());
  const total = source.pages.length;
  if (!(await progress(w, c, 0, total))) throw new Gone();
  const one = async (raw: { name: string; read(): Promise<Buffer> }): Promise<MadePage> => {
    const p = await processPage(raw.name, await raw.read(), UPLOAD_LIMITS.maxPixels);
    const blob = crypto.randomBytes(9).toString('base64url');
    written.push(draftPrefix(c.id, blob));
    for (const q of QUALITIES) await w.blobs.put(`${draftPrefix(c.id, blob)}/${q}.webp`, p.files[q]);
    await w.blobs.put(`${draftPrefix(c.id, blob)}/thumb.webp`, p.thumb);
    return { blob, name: path.basename(raw.name), type: p.type, suggest: p.suggestDouble, width: p.width, height: p.height, key: p.key };
  };
  const made: MadePage[] = [];
  for (let i = 0; i < total; i += PAGES_IN_FLIGHT) {
    // All settle before a failure is raised: nothing is still writing when the cleanup runs.
    const settled = await Promise.allSettled(source.pages.slice(i, i + PAGES_IN_FLIGHT).map(one));
    for (const r of settled) if (r.status === 'rejected') throw r.reason;
    made.push(...settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
    if (!(await progress(w, c, made.length, total))) throw new Gone();
  }
  return made;
}

async function run(w: Worker, c: ChapterRow): Promise<void> {
  const req = JSON.parse(c.job_request) as ProcessRequest;
  const uploads = await w.repos.uploads.ofChapter(c.id, req.uploads);
  const written: string[] = [];
  let close = () => {};
  try {
    if (uploads.length !== req.uploads.length)
      throw new PageProblem('no-pages', 'An upload of this job is no longer there: upload the files again.');
    const made = await makePages(w, c, uploads, written, (f) => {
      close = f;
    });
    await commit(w, c, req, made);
  } catch (e) {
    for (const f of written) await w.blobs.removeFolder(f).catch(() => {});
    if (e instanceof Gone) return;
    await fail(w, c, req, e);
  } finally {
    close();
  }
}

/** The job failed: said on its row (if still ours), and its uploads go too (the editor uploads fixed files). */
async function fail(w: Worker, c: ChapterRow, req: ProcessRequest, e: unknown): Promise<void> {
  const error =
    e instanceof PageProblem ? { code: e.code, detail: e.message } : { code: 'internal', detail: 'Processing failed on the server.' };
  if (!(e instanceof PageProblem)) w.log.warn({ err: e, chapterId: c.id }, 'catalog: page job failed');
  await w.db.transaction().execute(async (trx) => {
    const tx = consoleRepos(trx);
    // A failed job's uploads go too: nothing half-made stays.
    if (await tx.chapters.failJob(c.id, c.job_lease, JSON.stringify(error))) await tx.uploads.remove(req.uploads);
  });
  removeUploads(w.uploadDir, req.uploads);
}

/** The new pages join the board in one transaction; the uploads they came from are gone after. */
async function commit(w: Worker, c: ChapterRow, req: ProcessRequest, made: MadePage[]) {
  let replaced: string | undefined;
  await w.db.transaction().execute(async (trx) => {
    const tx = consoleRepos(trx);
    if ((await tx.chapters.runningLease(c.id)) !== c.job_lease) throw new Gone();
    const board = await tx.pages.ofChapter(c.id);
    const ids: number[] = [];
    for (const m of made)
      ids.push(
        await tx.pages.add({
          chapter_id: c.id,
          position: 0,
          type: m.type,
          suggest_double: m.suggest ? 1 : 0,
          width: m.width,
          height: m.height,
          encryption_key: m.key,
          name: m.name,
          blob: m.blob,
        }),
      );
    const next = placed(
      board.map((b) => b.id),
      ids,
      req,
    );
    if (next.replaced >= 0) {
      replaced = board[next.replaced].blob;
      await tx.pages.remove([board[next.replaced].id]);
    }
    if (next.order.length > UPLOAD_LIMITS.maxPages)
      throw new PageProblem('too-many-pages', `A chapter holds at most ${UPLOAD_LIMITS.maxPages} pages.`);
    await tx.pages.renumber(c.id, next.order);
    await tx.chapters.jobDone(c.id);
    await tx.uploads.remove(req.uploads);
  });
  if (replaced) await w.blobs.removeFolder(draftPrefix(c.id, replaced)).catch(() => {});
  removeUploads(w.uploadDir, req.uploads);
}

export function catalogJobs(d: JobDeps): CatalogJobs {
  const w: Worker = { ...d, repos: consoleRepos(d.db) };
  return {
    enqueue: (trx, chapterId) => d.queue.enqueue(trx, chapterId),
    kick: () => d.queue.kick(),
    idle: () => d.queue.idle(),
    start: () => d.queue.start((id) => take(w, id)),
    stop: () => d.queue.stop(),
  };
}

/** The chapter was deleted or the job taken over meanwhile: stop, add nothing. */
class Gone extends Error {}
