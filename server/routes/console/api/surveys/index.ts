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
import { BY_SHORT, byService } from '../../../../../core/languages.js';
import { access } from '../../../../console/context.js';
import { csvField } from '../../../../console/audit.js';
import { createSurvey, deleteSurvey, getSurvey, listSurveys, patchSurvey, resultsOf } from '../../../../console/home/surveys.js';

type Key = { Params: { key: string } };
const PAGE = 100;

/** Surveys (write: editor; read: editor, moderator, analyst), their results, and the answers (moderator, analyst). */
const route = routeModule((app) => {
  const answers = (key: string, language?: Lang) => {
    let q = app.db.selectFrom('questionnaire_answers').select(['lang', 'answers', 'created_at']).where('questionnaire_key', '=', key);
    if (language) q = q.where('lang', '=', BY_SHORT[language].service);
    return q.orderBy('created_at', 'desc').orderBy('visitor_token');
  };

  app.get('/', { config: access('GET /surveys'), schema: { response: { 200: Surveys } } }, async () => ({
    surveys: await listSurveys(app.db),
  }));

  app.post<{ Body: NewSurvey }>(
    '/',
    { config: access('POST /surveys'), schema: { body: NewSurvey, response: { 201: Survey } } },
    async (req, reply) => reply.code(201).send(await createSurvey(app, req, req.body)),
  );

  app.get<Key>('/:key', { config: access('GET /surveys/:key'), schema: { params: KeyParams, response: { 200: Survey } } }, async (req) =>
    getSurvey(app.db, req.params.key),
  );

  app.patch<Key & { Body: SurveyPatch }>(
    '/:key',
    { config: access('PATCH /surveys/:key'), schema: { params: KeyParams, body: SurveyPatch, response: { 200: Survey } } },
    async (req) => patchSurvey(app, req, req.params.key, req.body),
  );

  app.delete<Key & { Querystring: { version: number } }>(
    '/:key',
    { config: access('DELETE /surveys/:key'), schema: { params: KeyParams, querystring: VersionQuery } },
    async (req, reply) => {
      await deleteSurvey(app, req, req.params.key, req.query.version);
      return reply.code(204).send();
    },
  );

  app.get<Key & { Querystring: { language?: Lang } }>(
    '/:key/results',
    {
      config: access('GET /surveys/:key/results'),
      schema: { params: KeyParams, querystring: ResultsQuery, response: { 200: SurveyResults } },
    },
    async (req) => {
      const s = await getSurvey(app.db, req.params.key);
      return resultsOf(s, await answers(s.key).execute(), req.query.language);
    },
  );

  app.get<Key & { Querystring: { before?: string; language?: Lang } }>(
    '/:key/answers',
    {
      config: access('GET /surveys/:key/answers'),
      schema: { params: KeyParams, querystring: AnswersQuery, response: { 200: SurveyAnswers } },
    },
    async (req) => {
      const s = await getSurvey(app.db, req.params.key);
      // The cursor is an offset: answers are only ever added, newest first.
      const offset = Math.max(0, Number.parseInt(req.query.before ?? '0', 10) || 0);
      const rows = await answers(s.key, req.query.language)
        .limit(PAGE + 1)
        .offset(offset)
        .execute();
      return {
        answers: rows.slice(0, PAGE).map((r) => ({
          at: Number(r.created_at),
          language: byService(r.lang)?.short ?? r.lang,
          answers: JSON.parse(r.answers) as Record<string, string | string[]>,
        })),
        next: rows.length > PAGE ? String(offset + PAGE) : null,
      };
    },
  );

  app.get<Key & { Querystring: { format?: 'csv' | 'jsonl' } }>(
    '/:key/answers/export',
    { config: access('GET /surveys/:key/answers/export'), schema: { params: KeyParams, querystring: ExportQuery } },
    async (req, reply) => {
      const s = await getSurvey(app.db, req.params.key);
      const rows = await answers(s.key).execute();
      const n = Math.max(0, ...Object.values(s.texts).map((t) => t.questions.length));
      const qs = Array.from({ length: n }, (_, i) => `q${i + 1}`);
      const out = rows.map((r) => ({
        at: new Date(Number(r.created_at) * 1000).toISOString(),
        language: byService(r.lang)?.short ?? r.lang,
        answers: JSON.parse(r.answers) as Record<string, string | string[]>,
      }));
      const jsonl = req.query.format === 'jsonl';
      const body = jsonl
        ? out.map((o) => `${JSON.stringify({ at: o.at, language: o.language, ...o.answers })}\n`).join('')
        : [
            ['at', 'language', ...qs].join(','),
            ...out.map((o) => [o.at, o.language, ...qs.map((q) => [o.answers[q] ?? ''].flat().join('; '))].map(csvField).join(',')),
          ].join('\r\n') + '\r\n';
      return reply
        .type(jsonl ? 'application/jsonl; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="survey-${s.key}.${jsonl ? 'jsonl' : 'csv'}"`)
        .send(body);
    },
  );
});
export default route;
