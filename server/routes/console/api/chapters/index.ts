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
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { problems } from '../../../../console/problems.js';
import { drafts } from '../../../../console/catalog/drafts.js';
import { board } from '../../../../console/catalog/board.js';

/**
 * Chapters made in the console (issue 31): drafts, their page board, and the
 * processing job that turns finished uploads into pages
 * (server/console/catalog/drafts.ts, board.ts). Releases are
 * server/routes/console/api/releases/.
 */
const route = routeModule((app) => {
  app.get<{ Querystring: { titleId: number } }>(
    '/',
    { config: access('GET /chapters'), schema: { querystring: ChapterQuery, response: { 200: ChapterList } } },
    async (req) => drafts.list(consoleCtx(app), req.query.titleId),
  );

  app.post<{ Body: ChapterCreate }>(
    '/',
    { config: access('POST /chapters'), schema: { body: ChapterCreate, response: { 201: Chapter } } },
    async (req, reply) => reply.code(201).send(await drafts.create(consoleCtx(app), actorOf(req), req.body)),
  );

  app.get<{ Params: { id: number } }>(
    '/:id',
    { config: access('GET /chapters/:id'), schema: { params: IdParams, response: { 200: Chapter } } },
    async (req) => drafts.get(consoleCtx(app), req.params.id),
  );

  app.patch<{ Params: { id: number }; Body: ChapterPatch }>(
    '/:id',
    { config: access('PATCH /chapters/:id'), schema: { params: IdParams, body: ChapterPatch, response: { 200: Chapter } } },
    async (req) => drafts.patch(consoleCtx(app), actorOf(req), req.params.id, req.body),
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/:id',
    { config: access('DELETE /chapters/:id'), schema: { params: IdParams, querystring: VersionQuery } },
    async (req, reply) => {
      await drafts.remove(consoleCtx(app), actorOf(req), app.catalog, req.params.id, req.query.version);
      return reply.code(204).send();
    },
  );

  app.put<{ Params: { id: number }; Body: BoardPatch }>(
    '/:id/pages',
    { config: access('PUT /chapters/:id/pages'), schema: { params: IdParams, body: BoardPatch, response: { 200: Chapter } } },
    async (req) => board.set(consoleCtx(app), actorOf(req), app.catalog, req.params.id, req.body),
  );

  app.post<{ Params: { id: number }; Body: ProcessRequest }>(
    '/:id/process',
    { config: access('POST /chapters/:id/process'), schema: { params: IdParams, body: ProcessRequest, response: { 202: Chapter } } },
    async (req, reply) => reply.code(202).send(await board.process(consoleCtx(app), actorOf(req), app.catalog, req.params.id, req.body)),
  );

  app.get<{ Params: { id: number; page: number } }>(
    '/:id/pages/:page/thumb.webp',
    { config: access('GET /chapters/:id/pages/:page/thumb.webp'), schema: { params: Type.Object({ id: Id, page: Id }) } },
    async (req, reply) => {
      const data = await drafts.thumb(consoleCtx(app), app.catalog, req.params.id, req.params.page);
      if (!data) throw problems.notFound('No such page.');
      return reply.header('cache-control', 'private, max-age=3600').type('image/webp').send(data);
    },
  );
});

export default route;
