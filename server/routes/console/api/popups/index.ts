import { routeModule } from '../../../../lib/route.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { ImageQuery, NewPopup, Popup, PopupPatch, Popups, VersionQuery } from '../../../../../core/console/schemas/home.js';
import { access } from '../../../../console/context.js';
import { POPUP_IMAGE_SIZE } from '../../../../images/assets.js';
import { changePopup, createPopup, deletePopup, getPopup, patchPopup, popupOf } from '../../../../console/home/popups.js';
import { acceptImages, storeArt } from '../../../../console/home/images.js';

/** Popups (editor): list, create, edit, delete, upload the one-image kind's image. */
const route = routeModule((app) => {
  acceptImages(app);

  app.get('/', { config: access('GET /popups'), schema: { response: { 200: Popups } } }, async () => {
    const rows = await app.db.selectFrom('popups').selectAll().orderBy('placement').orderBy('id', 'desc').execute();
    const now = app.clock.nowSec();
    return { popups: rows.map((r) => popupOf(r, now)) };
  });

  app.post<{ Body: NewPopup }>(
    '/',
    { config: access('POST /popups'), schema: { body: NewPopup, response: { 201: Popup } } },
    async (req, reply) => reply.code(201).send(await createPopup(app, req, req.body)),
  );

  app.patch<{ Params: { id: number }; Body: PopupPatch }>(
    '/:id',
    { config: access('PATCH /popups/:id'), schema: { params: IdParams, body: PopupPatch, response: { 200: Popup } } },
    async (req) => patchPopup(app, req, req.params.id, req.body),
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/:id',
    { config: access('DELETE /popups/:id'), schema: { params: IdParams, querystring: VersionQuery } },
    async (req, reply) => {
      await deletePopup(app, req, req.params.id, req.query.version);
      return reply.code(204).send();
    },
  );

  /** A popup has one image (its languages are its targets): the language query is ignored. */
  app.put<{ Params: { id: number }; Querystring: ImageQuery }>(
    '/:id/image',
    { config: access('PUT /popups/:id/image'), schema: { params: IdParams, querystring: ImageQuery, response: { 200: Popup } } },
    async (req) => {
      const row = await getPopup(app.db, req.params.id);
      const url = await storeArt(app, row.id, req.body, POPUP_IMAGE_SIZE);
      return changePopup(app, req, row.id, Number(row.version), 'popup.image', { image_url: url });
    },
  );
});
export default route;
