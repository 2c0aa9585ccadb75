import type { FastifyRequest } from 'fastify';
import { errors } from '../../../lib/errors.js';
import { byCode } from '../../../../core/languages.js';
import { langParam, params, strParam } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { write, routeModule } from '../../../lib/route.js';
import { parseQuestions, validateAnswers } from '../../../lib/survey.js';

/**
 * The survey host (served under /api): GET /api/questionnaire and PUT with
 * questionnaire_key, lang, os, app_ver, os_ver, secret in the query; PUT
 * carries the answers as a JSON body {q1: "…" | ["…"], …}. A language
 * without its own version gets the English one (else any).
 */
const route = routeModule((app) => {
  const load = async (req: FastifyRequest) => {
    const p = params(req);
    const key = strParam(p, 'questionnaire_key', 100, { required: true });
    const lang = langParam(p);
    const meta = {
      os: strParam(p, 'os', 32),
      os_ver: strParam(p, 'os_ver', 32),
      app_ver: strParam(p, 'app_ver', 32),
      secret: strParam(p, 'secret', 200),
    };
    const row = (await app.repos.feedback.questionnaire(key, lang.service)) ?? (await app.repos.feedback.questionnaireAnyLang(key));
    if (!row) throw errors.notFound(`questionnaire ${key.slice(0, 100)}`, 10411);
    return { key, row, meta, questions: parseQuestions(row.questions) };
  };

  const view = (
    row: { subject: string; lang: string; answered_subject: string; answered_body: string },
    questions: ReturnType<typeof parseQuestions>,
    isAnswered: boolean,
  ) => ({
    isAnswered,
    subject: row.subject,
    questions: questions.map((q) => ({
      description: q.description,
      canSkip: q.canSkip ?? false,
      numberOfChoices: q.numberOfChoices ?? 1,
      selection: q.selection ?? [],
      hideFreeform: q.hideFreeform ?? false,
      freeForm: q.freeForm ?? '',
    })),
    language: byCode(row.lang)?.language ?? 0,
    answeredSubject: row.answered_subject,
    answeredBody: row.answered_body,
  });

  app.get('/', async (req, reply) => {
    const { key, row, questions } = await load(req);
    const answered = await app.repos.feedback.answered(req.visitor, key);
    return sendSuccess(req, reply, { data: { case: 'questionnaireView', value: view(row, questions, answered) } });
  });

  app.put('/', { config: write(app) }, async (req, reply) => {
    const { key, row, meta, questions } = await load(req);
    const answers = validateAnswers(questions, req.body);
    const stored = await app.repos.feedback.answer(req.visitor, { key, lang: row.lang, answers: JSON.stringify(answers), ...meta });
    if (!stored) throw errors.alreadyAnswered(key);
    return sendSuccess(req, reply, { data: { case: 'questionnaireView', value: view(row, questions, true) } });
  });
});
export default route;
