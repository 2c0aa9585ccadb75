import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { createSurvey, deleteSurvey, getSurvey, listSurveys, patchSurvey } from '../../../../console/home/surveys.js';
import { answersPage, exportAnswers, surveyResults } from '../../../../console/home/surveyAnswers.js';

/** Surveys (write: editor; read: editor, moderator, analyst), their results, and the answers (moderator, analyst). */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /surveys', async () => ({ surveys: await listSurveys(ctx()) }));
  handle(app, 'POST /surveys', async (req, reply) => reply.code(201).send(await createSurvey(ctx(), actorOf(req), req.body)));
  handle(app, 'GET /surveys/:key', async (req) => getSurvey(ctx(), req.params.key));
  handle(app, 'PATCH /surveys/:key', async (req) => patchSurvey(ctx(), actorOf(req), req.params.key, req.body));
  handle(app, 'DELETE /surveys/:key', async (req, reply) => {
    await deleteSurvey(ctx(), actorOf(req), req.params.key, req.query.version);
    return reply.code(204).send();
  });
  handle(app, 'GET /surveys/:key/results', async (req) => surveyResults(ctx(), req.params.key, req.query.language));
  handle(app, 'GET /surveys/:key/answers', async (req) => answersPage(ctx(), req.params.key, req.query.before, req.query.language));
  // A file, not JSON: the table gives it no answer schema; its type and name are set here.
  handle(app, 'GET /surveys/:key/answers/export', async (req, reply) => {
    const file = await exportAnswers(ctx(), req.params.key, req.query.format);
    return reply.type(file.type).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
  });
});
export default route;
