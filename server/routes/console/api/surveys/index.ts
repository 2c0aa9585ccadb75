import { routeModule } from '../../../../lib/route.js';
import {
  AnswersQuery,
  ExportQuery,
  KeyParams,
  NewSurvey,
  ResultsQuery,
  Survey,
  SurveyAnswers,
  SurveyPatch,
  SurveyResults,
  Surveys,
  VersionQuery,
  type Lang,
} from '../../../../../core/console/schemas/home.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { createSurvey, deleteSurvey, getSurvey, listSurveys, patchSurvey } from '../../../../console/home/surveys.js';
import { answersPage, exportAnswers, surveyResults } from '../../../../console/home/surveyAnswers.js';

type Key = { Params: { key: string } };

/** Surveys (write: editor; read: editor, moderator, analyst), their results, and the answers (moderator, analyst). */
const route = routeModule((app) => {
  app.get('/', { config: access('GET /surveys'), schema: { response: { 200: Surveys } } }, async () => ({
    surveys: await listSurveys(consoleCtx(app)),
  }));

  app.post<{ Body: NewSurvey }>(
    '/',
    { config: access('POST /surveys'), schema: { body: NewSurvey, response: { 201: Survey } } },
    async (req, reply) => reply.code(201).send(await createSurvey(consoleCtx(app), actorOf(req), req.body)),
  );

  app.get<Key>('/:key', { config: access('GET /surveys/:key'), schema: { params: KeyParams, response: { 200: Survey } } }, async (req) =>
    getSurvey(consoleCtx(app), req.params.key),
  );

  app.patch<Key & { Body: SurveyPatch }>(
    '/:key',
    { config: access('PATCH /surveys/:key'), schema: { params: KeyParams, body: SurveyPatch, response: { 200: Survey } } },
    async (req) => patchSurvey(consoleCtx(app), actorOf(req), req.params.key, req.body),
  );

  app.delete<Key & { Querystring: { version: number } }>(
    '/:key',
    { config: access('DELETE /surveys/:key'), schema: { params: KeyParams, querystring: VersionQuery } },
    async (req, reply) => {
      await deleteSurvey(consoleCtx(app), actorOf(req), req.params.key, req.query.version);
      return reply.code(204).send();
    },
  );

  app.get<Key & { Querystring: { language?: Lang } }>(
    '/:key/results',
    {
      config: access('GET /surveys/:key/results'),
      schema: { params: KeyParams, querystring: ResultsQuery, response: { 200: SurveyResults } },
    },
    async (req) => surveyResults(consoleCtx(app), req.params.key, req.query.language),
  );

  app.get<Key & { Querystring: { before?: string; language?: Lang } }>(
    '/:key/answers',
    {
      config: access('GET /surveys/:key/answers'),
      schema: { params: KeyParams, querystring: AnswersQuery, response: { 200: SurveyAnswers } },
    },
    async (req) => answersPage(consoleCtx(app), req.params.key, req.query.before, req.query.language),
  );

  app.get<Key & { Querystring: { format?: 'csv' | 'jsonl' } }>(
    '/:key/answers/export',
    { config: access('GET /surveys/:key/answers/export'), schema: { params: KeyParams, querystring: ExportQuery } },
    async (req, reply) => {
      const file = await exportAnswers(consoleCtx(app), req.params.key, req.query.format);
      return reply.type(file.type).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
    },
  );
});
export default route;
