import { routeModule } from '../../../../lib/route.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import {
  Announcement,
  AnnouncementPatch,
  AnnouncementQuery,
  Announcements,
  NewAnnouncement,
  VersionQuery,
  type Lang,
} from '../../../../../core/console/schemas/home.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { announcements } from '../../../../console/home/texts.js';

/** Service announcements (editor; a localizer in their languages): newest publication first. */
const route = routeModule((app) => {
  app.get<{ Querystring: { language?: Lang } }>(
    '/',
    { config: access('GET /announcements'), schema: { querystring: AnnouncementQuery, response: { 200: Announcements } } },
    async (req) => ({ announcements: await announcements.list(consoleCtx(app), req.query.language) }),
  );

  app.post<{ Body: NewAnnouncement }>(
    '/',
    { config: access('POST /announcements'), schema: { body: NewAnnouncement, response: { 201: Announcement } } },
    async (req, reply) => reply.code(201).send(await announcements.create(consoleCtx(app), actorOf(req), req.body)),
  );

  app.patch<{ Params: { id: number }; Body: AnnouncementPatch }>(
    '/:id',
    { config: access('PATCH /announcements/:id'), schema: { params: IdParams, body: AnnouncementPatch, response: { 200: Announcement } } },
    async (req) => announcements.patch(consoleCtx(app), actorOf(req), req.params.id, req.body),
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/:id',
    { config: access('DELETE /announcements/:id'), schema: { params: IdParams, querystring: VersionQuery } },
    async (req, reply) => {
      await announcements.remove(consoleCtx(app), actorOf(req), req.params.id, req.query.version);
      return reply.code(204).send();
    },
  );
});
export default route;
