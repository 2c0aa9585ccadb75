import type { FastifyRequest } from 'fastify';
import { routeModule } from '../../../../lib/route.js';
import { Chapter, Schedule, VersionQuery } from '../../../../../core/console/schemas/catalog.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { audit } from '../../../../console/audit.js';
import { access, requireReauth } from '../../../../console/context.js';
import { problems } from '../../../../console/problems.js';
import { bump, chapterById, chapterForWrite, stateOf, type ChapterRow } from '../../../../console/catalog/chapters.js';
import { release, restore, takeBack, takeDown } from '../../../../console/catalog/releases.js';
import type { DB } from '../../../../db/index.js';

/**
 * Releases (issue 31): schedule or move (PUT), release now, take back a
 * scheduled one (DELETE), take a live one down (the password again) and
 * restore it. Each is one transaction with its audit row; readers' caches
 * are dropped on every node, and at the release time every node is told
 * (console/catalog/releases.ts).
 */
const route = routeModule((app) => {
  const now = () => app.clock.nowSec();
  const answer = async (id: number) => (await chapterById(app.db, id, now()))!;

  /** One release change: checked, written with its audit row, then every node told. */
  async function change(
    req: FastifyRequest,
    id: number,
    version: number,
    action: string,
    write: (trx: DB, c: ChapterRow, t: number) => Promise<void>,
  ) {
    const t = now();
    const c = await chapterForWrite(app.db, id, version, t);
    const before = stateOf(c, t);
    try {
      await app.db.transaction().execute(async (trx) => {
        await bump(trx, c.id, c.version);
        await write(trx, c, t);
        const after = await chapterById(trx, c.id, t);
        await audit(trx, req, t, {
          action,
          target: `chapter:${c.id}`,
          before: { state: before, startAt: c.start_ts, endAt: c.end_ts },
          after: { state: after?.state, startAt: after?.startAt, endAt: after?.endAt },
        });
      });
    } catch (e) {
      // A release that did not happen leaves no image copies behind.
      if (before === 'draft') await app.catalog.blobs.removeFolder(`page/${c.id}`).catch(() => {});
      throw e;
    }
    const after = await answer(c.id);
    if (before === 'scheduled' && after.state === 'draft') await app.catalog.blobs.removeFolder(`page/${c.id}`).catch(() => {});
    app.notices.publish(
      after.state === 'live' && before !== 'live' && action !== 'release.restore'
        ? { kind: 'published', chapterId: c.id, titleId: c.title_id }
        : { kind: 'catalog' },
    );
    await app.catalog.releases.refresh();
    return after;
  }

  const releasable = (c: ChapterRow, t: number) => {
    const s = stateOf(c, t);
    if (s !== 'draft' && s !== 'scheduled') throw problems.wrongState('This chapter is out already: take it down instead.');
    if (c.job_state === 'queued' || c.job_state === 'running')
      throw problems.wrongState('Pages are being processed: wait for the job to finish.');
  };

  app.put<{ Params: { id: number }; Body: Schedule }>(
    '/:id',
    { config: access('PUT /releases/:id'), schema: { params: IdParams, body: Schedule, response: { 200: Chapter } } },
    async (req) => {
      const { startAt, endAt, version } = req.body;
      if (endAt !== 0 && endAt <= startAt)
        throw problems.validation(
          [{ path: '/body/endAt', message: 'must be after the release time' }],
          'The end of free reading must come after the release.',
        );
      return change(req, req.params.id, version, 'release.schedule', async (trx, c, t) => {
        releasable(c, t);
        const start = Math.max(startAt, t);
        if (c.state === 'draft') await release(trx, app.catalog.blobs, c, start, endAt);
        else {
          await trx.updateTable('chapters').set({ start_ts: start, end_ts: endAt }).where('id', '=', c.id).execute();
          await trx.updateTable('console_chapters').set({ start_ts: start, end_ts: endAt }).where('id', '=', c.id).execute();
        }
      });
    },
  );

  app.post<{ Params: { id: number }; Body: { version: number } }>(
    '/:id/now',
    { config: access('POST /releases/:id/now'), schema: { params: IdParams, body: VersionQuery, response: { 200: Chapter } } },
    async (req) =>
      change(req, req.params.id, req.body.version, 'release.now', async (trx, c, t) => {
        releasable(c, t);
        if (c.state === 'draft') await release(trx, app.catalog.blobs, c, t, 0);
        else {
          await trx.updateTable('chapters').set({ start_ts: t }).where('id', '=', c.id).execute();
          await trx.updateTable('console_chapters').set({ start_ts: t }).where('id', '=', c.id).execute();
        }
      }),
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/:id',
    { config: access('DELETE /releases/:id'), schema: { params: IdParams, querystring: VersionQuery, response: { 200: Chapter } } },
    async (req) =>
      change(req, req.params.id, req.query.version, 'release.cancel', async (trx, c, t) => {
        if (stateOf(c, t) !== 'scheduled')
          throw problems.wrongState('Only a scheduled chapter can be taken back; a live one is taken down.');
        await takeBack(trx, c);
      }),
  );

  app.post<{ Params: { id: number }; Body: { version: number } }>(
    '/:id/take-down',
    { config: access('POST /releases/:id/take-down'), schema: { params: IdParams, body: VersionQuery, response: { 200: Chapter } } },
    async (req) => {
      requireReauth(app, req);
      return change(req, req.params.id, req.body.version, 'release.take-down', async (trx, c, t) => {
        if (stateOf(c, t) !== 'live') throw problems.wrongState('Only a live chapter can be taken down.');
        await takeDown(trx, c);
      });
    },
  );

  app.post<{ Params: { id: number }; Body: { version: number } }>(
    '/:id/restore',
    { config: access('POST /releases/:id/restore'), schema: { params: IdParams, body: VersionQuery, response: { 200: Chapter } } },
    async (req) =>
      change(req, req.params.id, req.body.version, 'release.restore', async (trx, c) => {
        if (c.state !== 'down') throw problems.wrongState('Only a chapter taken down can be restored.');
        await restore(trx, c);
      }),
  );
});
export default route;
