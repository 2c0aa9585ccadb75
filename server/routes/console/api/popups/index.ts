import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { createPopup, deletePopup, listPopups, patchPopup, setPopupImage } from '../../../../console/home/popups.js';
import { acceptImages, artStore } from '../../../../console/home/images.js';

/** Popups (editor): list, create, edit, delete, upload the one-image kind's image. */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  acceptImages(app);
  handle(app, 'GET /popups', async () => ({ popups: await listPopups(ctx()) }));
  handle(app, 'POST /popups', async (req, reply) => reply.code(201).send(await createPopup(ctx(), actorOf(req), req.body)));
  handle(app, 'PATCH /popups/:id', async (req) => patchPopup(ctx(), actorOf(req), req.params.id, req.body));
  handle(app, 'DELETE /popups/:id', async (req, reply) => {
    await deletePopup(ctx(), actorOf(req), req.params.id, req.query.version);
    return reply.code(204).send();
  });
  // A popup has one image (its languages are its targets): the language query is ignored; the raw image is the body.
  handle(app, 'PUT /popups/:id/image', async (req) => setPopupImage(ctx(), actorOf(req), artStore(app.config), req.params.id, req.body));
});
export default route;
