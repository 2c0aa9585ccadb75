import { routeModule } from '../../../../lib/route.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { ImageQuery, NewPopup, Popup, PopupPatch, Popups, VersionQuery } from '../../../../../core/console/schemas/home.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { createPopup, deletePopup, listPopups, patchPopup, setPopupImage } from '../../../../console/home/popups.js';
import { acceptImages, artStore } from '../../../../console/home/images.js';

/** Popups (editor): list, create, edit, delete, upload the one-image kind's image. */
const route = routeModule((app) => {
  acceptImages(app);

  app.get('/', { config: access('GET /popups'), schema: { response: { 200: Popups } } }, async () => ({
    popups: await listPopups(consoleCtx(app)),
  }));

  app.post<{ Body: NewPopup }>(
    '/',
    { config: access('POST /popups'), schema: { body: NewPopup, response: { 201: Popup } } },
    async (req, reply) => reply.code(201).send(await createPopup(consoleCtx(app), actorOf(req), req.body)),
  );

  app.patch<{ Params: { id: number }; Body: PopupPatch }>(
    '/:id',
    { config: access('PATCH /popups/:id'), schema: { params: IdParams, body: PopupPatch, response: { 200: Popup } } },
    async (req) => patchPopup(consoleCtx(app), actorOf(req), req.params.id, req.body),
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/:id',
    { config: access('DELETE /popups/:id'), schema: { params: IdParams, querystring: VersionQuery } },
    async (req, reply) => {
      await deletePopup(consoleCtx(app), actorOf(req), req.params.id, req.query.version);
      return reply.code(204).send();
    },
  );

  /** A popup has one image (its languages are its targets): the language query is ignored. */
  app.put<{ Params: { id: number }; Querystring: ImageQuery }>(
    '/:id/image',
    { config: access('PUT /popups/:id/image'), schema: { params: IdParams, querystring: ImageQuery, response: { 200: Popup } } },
    async (req) => setPopupImage(consoleCtx(app), actorOf(req), artStore(app.config), req.params.id, req.body),
  );
});
export default route;
