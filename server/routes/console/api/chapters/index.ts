import { Type } from '@sinclair/typebox';
import { routeModule } from '../../../../lib/route.js';
import {
  BoardPatch,
  Chapter,
  ChapterCreate,
  ChapterList,
  ChapterPatch,
  ChapterQuery,
  ProcessRequest,
  VersionQuery,
} from '../../../../../core/console/schemas/catalog.js';
import { Id, IdParams } from '../../../../../core/console/schemas/common.js';
import { audit } from '../../../../console/audit.js';
import { access } from '../../../../console/context.js';
import { ConsoleProblem, problems } from '../../../../console/problems.js';
import { removeUploads } from '../../../../console/catalog/jobs.js';
import { bump, chapterById, chapterForWrite, draftPrefix, nameTaken, renumber, stateOf } from '../../../../console/catalog/chapters.js';
import { nextChapterId } from '../../../../repos/imports.js';

/**
 * Chapters made in the console (issue 31): drafts, their page board, and the
 * processing job that turns finished uploads into pages. Releases are
 * server/routes/console/api/releases/.
 */
const route = routeModule((app) => {
  const now = () => app.clock.nowSec();
  const answer = async (id: number) => (await chapterById(app.db, id, now()))!;
  const draftOnly = (state: string) => {
    if (state !== 'draft') throw problems.wrongState('Only a draft can be changed this way: take the release back first.');
  };

  app.get<{ Querystring: { titleId: number } }>(
    '/',
    { config: access('GET /chapters'), schema: { querystring: ChapterQuery, response: { 200: ChapterList } } },
    async (req) => {
      const rows = await app.db
        .selectFrom('console_chapters')
        .selectAll()
        .where('title_id', '=', req.query.titleId)
        .orderBy('id')
        .execute();
      const counts = await app.db
        .selectFrom('console_pages')
        .select(['chapter_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('chapter_id', 'in', rows.length ? rows.map((r) => r.id) : [0])
        .groupBy('chapter_id')
        .execute();
      const n = new Map(counts.map((c) => [c.chapter_id, Number(c.n)]));
      const t = now();
      return {
        chapters: rows.map((r) => ({
          id: r.id,
          name: r.name,
          state: stateOf(r, t),
          startAt: r.state === 'draft' ? 0 : r.start_ts,
          pageCount: n.get(r.id) ?? 0,
          version: r.version,
        })),
      };
    },
  );

  app.post<{ Body: ChapterCreate }>(
    '/',
    { config: access('POST /chapters'), schema: { body: ChapterCreate, response: { 201: Chapter } } },
    async (req, reply) => {
      const { titleId, name, subTitle } = req.body;
      if (!(await app.db.selectFrom('titles').select('id').where('id', '=', titleId).executeTakeFirst()))
        throw problems.notFound('No such title.');
      if (await nameTaken(app.db, titleId, name)) throw problems.duplicateName(`This title already has a chapter named "${name}".`);
      const t = now();
      const id = await app.db.transaction().execute(async (trx) => {
        const id = await nextChapterId(trx);
        await trx
          .insertInto('console_chapters')
          .values({
            id,
            title_id: titleId,
            name,
            sub_title: subTitle,
            state: 'draft',
            created_at: t,
            thumbnail_page: 0,
            seq: 0,
            start_ts: 0,
            end_ts: 0,
            version: 0,
            job_state: 'idle',
            job_request: '',
            job_done: 0,
            job_total: 0,
            job_error: '',
            job_lease: 0,
            kept_row: '',
          })
          .execute();
        await audit(trx, req, t, { action: 'chapter.create', target: `chapter:${id}`, after: { titleId, name, subTitle } });
        return id;
      });
      return reply.code(201).send(await answer(id));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/:id',
    { config: access('GET /chapters/:id'), schema: { params: IdParams, response: { 200: Chapter } } },
    async (req) => (await chapterById(app.db, req.params.id, now())) ?? Promise.reject(problems.notFound('No such chapter.')),
  );

  app.patch<{ Params: { id: number }; Body: ChapterPatch }>(
    '/:id',
    { config: access('PATCH /chapters/:id'), schema: { params: IdParams, body: ChapterPatch, response: { 200: Chapter } } },
    async (req) => {
      const t = now();
      const c = await chapterForWrite(app.db, req.params.id, req.body.version, t);
      const { name, subTitle, thumbnailPage } = req.body;
      if (name !== undefined && (await nameTaken(app.db, c.title_id, name, c.id)))
        throw problems.duplicateName(`This title already has a chapter named "${name}".`);
      await app.db.transaction().execute(async (trx) => {
        await bump(trx, c.id, c.version, {
          ...(name !== undefined ? { name } : {}),
          ...(subTitle !== undefined ? { sub_title: subTitle } : {}),
          ...(thumbnailPage !== undefined ? { thumbnail_page: thumbnailPage } : {}),
        });
        // A released chapter's name and subtitle reach readers at once.
        if (c.state === 'released' && (name !== undefined || subTitle !== undefined))
          await trx
            .updateTable('chapters')
            .set({ ...(name !== undefined ? { name } : {}), ...(subTitle !== undefined ? { sub_title: subTitle } : {}) })
            .where('id', '=', c.id)
            .execute();
        await audit(trx, req, t, {
          action: 'chapter.update',
          target: `chapter:${c.id}`,
          before: { name: c.name, subTitle: c.sub_title, thumbnailPage: c.thumbnail_page },
          after: { name, subTitle, thumbnailPage },
        });
      });
      if (c.state === 'released') app.notices.publish({ kind: 'catalog' });
      return answer(c.id);
    },
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/:id',
    { config: access('DELETE /chapters/:id'), schema: { params: IdParams, querystring: VersionQuery } },
    async (req, reply) => {
      const t = now();
      const c = await chapterForWrite(app.db, req.params.id, req.query.version, t);
      draftOnly(c.state);
      const uploads = await app.db.transaction().execute(async (trx) => {
        await bump(trx, c.id, c.version);
        await trx.deleteFrom('console_pages').where('chapter_id', '=', c.id).execute();
        const uploads = await trx.selectFrom('console_uploads').select('id').where('chapter_id', '=', c.id).execute();
        await trx.deleteFrom('console_uploads').where('chapter_id', '=', c.id).execute();
        await trx.deleteFrom('console_previews').where('chapter_id', '=', c.id).execute();
        await trx.deleteFrom('console_chapters').where('id', '=', c.id).execute();
        await audit(trx, req, t, { action: 'chapter.delete', target: `chapter:${c.id}`, before: { name: c.name, titleId: c.title_id } });
        return uploads;
      });
      // Its images and leftover uploads go with it (a job still running notices and stops).
      await app.catalog.blobs.removeFolder(`page/d${c.id}`);
      removeUploads(
        app.catalog.uploadDir,
        uploads.map((u) => u.id),
      );
      return reply.code(204).send();
    },
  );

  app.put<{ Params: { id: number }; Body: BoardPatch }>(
    '/:id/pages',
    { config: access('PUT /chapters/:id/pages'), schema: { params: IdParams, body: BoardPatch, response: { 200: Chapter } } },
    async (req) => {
      const t = now();
      const c = await chapterForWrite(app.db, req.params.id, req.body.version, t);
      draftOnly(c.state);
      if (c.job_state === 'running' || c.job_state === 'queued')
        throw problems.wrongState('Pages are being processed: wait for the job to finish.');
      const board = await app.db.selectFrom('console_pages').select(['id', 'blob', 'type']).where('chapter_id', '=', c.id).execute();
      const known = new Set(board.map((p) => p.id));
      const bad = req.body.order.filter((id) => !known.has(id));
      const types = Object.entries(req.body.types ?? {}).map(([k, v]) => [Number(k), v] as const);
      const badType = types.filter(([id]) => !req.body.order.includes(id));
      if (bad.length || badType.length)
        throw problems.validation(
          [...bad, ...badType.map(([id]) => id)].map((id) => ({
            path: '/body/order',
            message: `page ${id} is not on this chapter's board`,
          })),
        );
      const removed = board.filter((p) => !req.body.order.includes(p.id));
      await app.db.transaction().execute(async (trx) => {
        await bump(trx, c.id, c.version);
        if (removed.length)
          await trx
            .deleteFrom('console_pages')
            .where(
              'id',
              'in',
              removed.map((p) => p.id),
            )
            .execute();
        await renumber(trx, c.id, req.body.order);
        for (const [id, type] of types)
          await trx.updateTable('console_pages').set({ type }).where('id', '=', id).where('chapter_id', '=', c.id).execute();
        await audit(trx, req, t, {
          action: 'chapter.pages',
          target: `chapter:${c.id}`,
          before: { order: board.map((p) => p.id) },
          after: { order: req.body.order, types: req.body.types ?? {} },
        });
      });
      for (const p of removed) await app.catalog.blobs.removeFolder(draftPrefix(c.id, p.blob));
      return answer(c.id);
    },
  );

  app.post<{ Params: { id: number }; Body: ProcessRequest }>(
    '/:id/process',
    { config: access('POST /chapters/:id/process'), schema: { params: IdParams, body: ProcessRequest, response: { 202: Chapter } } },
    async (req, reply) => {
      const t = now();
      const c = await chapterForWrite(app.db, req.params.id, req.body.version, t);
      draftOnly(c.state);
      if (c.job_state === 'running' || c.job_state === 'queued')
        throw problems.wrongState('Pages are being processed: wait for the job to finish.');
      const found = await app.db
        .selectFrom('console_uploads')
        .select(['id', 'finished'])
        .where('id', 'in', req.body.uploads)
        .where('chapter_id', '=', c.id)
        .execute();
      const ready = new Set(found.filter((u) => u.finished === 1).map((u) => u.id));
      const missing = req.body.uploads.filter((u) => !ready.has(u));
      if (missing.length)
        throw new ConsoleProblem(
          400,
          'upload-unknown',
          'Upload not ready',
          `These uploads are not finished or not this chapter's: ${missing.join(', ')}.`,
        );
      await app.db.transaction().execute(async (trx) => {
        await bump(trx, c.id, c.version, {
          job_state: 'queued',
          job_request: JSON.stringify(req.body),
          job_done: 0,
          job_total: 0,
          job_error: '',
        });
        await audit(trx, req, t, { action: 'chapter.process', target: `chapter:${c.id}`, after: { uploads: req.body.uploads.length } });
        await app.catalog.jobs.enqueue(trx, c.id);
      });
      app.catalog.jobs.kick();
      return reply.code(202).send(await answer(c.id));
    },
  );

  app.get<{ Params: { id: number; page: number } }>(
    '/:id/pages/:page/thumb.webp',
    { config: access('GET /chapters/:id/pages/:page/thumb.webp'), schema: { params: Type.Object({ id: Id, page: Id }) } },
    async (req, reply) => {
      const p = await app.db
        .selectFrom('console_pages')
        .select('blob')
        .where('id', '=', req.params.page)
        .where('chapter_id', '=', req.params.id)
        .executeTakeFirst();
      const data = p && (await app.catalog.blobs.get(`${draftPrefix(req.params.id, p.blob)}/thumb.webp`));
      if (!data) throw problems.notFound('No such page.');
      return reply.header('cache-control', 'private, max-age=3600').type('image/webp').send(data);
    },
  );
});

export default route;
