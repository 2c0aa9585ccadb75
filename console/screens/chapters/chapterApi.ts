/**
 * The chapter panels' calls (core/console/routes/chapters.ts): the chapter
 * as it is now, its release, its page board and the processing of finished
 * uploads. Every write carries the version the editor read.
 */
import type { Chapter } from '../../../core/console/schemas/catalog';
import { call } from '../../api/call';

/** The chapter a write is made on: which one, at the version read. */
type At = Pick<Chapter, 'id' | 'version'>;

export const readChapter = (id: number) => call('GET /chapters/:id', { params: { id } });

/** Schedules the release or moves it; no end of free reading is 0. */
export const scheduleRelease = (c: At, startAt: number, endAt: number | null) =>
  call('PUT /releases/:id', { params: { id: c.id }, body: { startAt, endAt: endAt ?? 0, version: c.version } });

export const releaseNow = (c: At) => call('POST /releases/:id/now', { params: { id: c.id }, body: { version: c.version } });

export const withdrawRelease = (c: At) => call('DELETE /releases/:id', { params: { id: c.id }, query: { version: c.version } });

export const restoreChapter = (c: At) => call('POST /releases/:id/restore', { params: { id: c.id }, body: { version: c.version } });

/** Takes a live chapter down (the server may ask the password again: reauth). */
export const takeDown = (c: At) => call('POST /releases/:id/take-down', { params: { id: c.id }, body: { version: c.version } });

/** The board at once: the page ids kept in reading order, and the types changed (by page id). */
export const savePages = (c: At, order: readonly string[], types?: Record<string, number>) =>
  call('PUT /chapters/:id/pages', {
    params: { id: c.id },
    body: { order: order.map(Number), ...(types ? { types } : {}), version: c.version },
  });

/** Where processed uploads go: appended (nothing), before a page, or in place of one. */
export type Placement = { before?: number; replace?: number };

/** Turns finished uploads into pages, as a job the screen then follows (job.ts). */
export const processUploads = (c: At, uploads: string[], where: Placement = {}) =>
  call('POST /chapters/:id/process', { params: { id: c.id }, body: { uploads, ...where, version: c.version } });
