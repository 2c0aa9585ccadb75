import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NewSurvey, Survey, SurveyPatch, SurveyResults, SurveyStatus, SurveyText } from '../../../core/console/schemas/home.js';
import { byService, byShort } from '../../../core/languages.js';
import type { DB } from '../../db/index.js';
import { parseQuestions, type StoredQuestion } from '../../lib/survey.js';
import { audit } from '../audit.js';
import { problems } from '../problems.js';
import { checkPeriod, endAtOf, endOf, nextId } from './common.js';

/**
 * Surveys (issue 32): one questionnaire per language under a key (the rows
 * the reader's survey host reads), sharing a status (draft → open → closed,
 * reopenable) and a period. A survey with answers keeps its questions.
 */
type Row = {
  id: number;
  key: string;
  lang: string;
  subject: string;
  questions: string;
  answered_subject: string;
  answered_body: string;
  status: string;
  start_ts: number;
  end_ts: number;
  version: number;
};

const MOVES: Record<SurveyStatus, SurveyStatus[]> = { draft: ['draft', 'open'], open: ['open', 'closed'], closed: ['closed', 'open'] };

const textOf = (r: Row): SurveyText => ({
  subject: r.subject,
  questions: parseQuestions(r.questions).map((q) => ({
    description: q.description,
    canSkip: q.canSkip ?? false,
    numberOfChoices: q.numberOfChoices ?? 1,
    selection: q.selection ?? [],
    hideFreeform: q.hideFreeform ?? false,
    freeForm: q.freeForm ?? '',
  })),
  answeredSubject: r.answered_subject,
  answeredBody: r.answered_body,
});

async function answerCounts(db: DB, keys: string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const rows = await db
    .selectFrom('questionnaire_answers')
    .select(['questionnaire_key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('questionnaire_key', 'in', keys)
    .groupBy('questionnaire_key')
    .execute();
  return new Map(rows.map((r) => [r.questionnaire_key, Number(r.n)]));
}

export async function listSurveys(db: DB, key?: string): Promise<Survey[]> {
  let q = db.selectFrom('questionnaires').selectAll();
  if (key !== undefined) q = q.where('key', '=', key);
  const rows = (await q.orderBy('key').orderBy('lang').execute()) as Row[];
  const byKey = new Map<string, Row[]>();
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
  const counts = await answerCounts(db, [...byKey.keys()]);
  return [...byKey].map(([k, rs]) => ({
    key: k,
    status: (rs[0].status as SurveyStatus) ?? 'open',
    startAt: Number(rs[0].start_ts),
    endAt: endAtOf(rs[0].end_ts),
    texts: Object.fromEntries(rs.map((r) => [byService(r.lang)?.short ?? r.lang, textOf(r)])),
    answers: counts.get(k) ?? 0,
    version: Math.max(...rs.map((r) => Number(r.version))),
  }));
}

export async function getSurvey(db: DB, key: string): Promise<Survey> {
  const s = (await listSurveys(db, key))[0];
  if (!s) throw problems.notFound('No such survey.');
  return s;
}

/** Refuses a questionnaire readers could not answer: no language, no question, a limit above the choices. */
function checkTexts(texts: Record<string, SurveyText>): void {
  const errors: { path: string; message: string }[] = [];
  const langs = Object.keys(texts);
  if (!langs.length) errors.push({ path: '/texts', message: 'needs at least one language' });
  for (const lang of langs) {
    const at = `/texts/${lang}`;
    if (!byShort(lang)) errors.push({ path: at, message: 'is not a language of the reader' });
    const t = texts[lang];
    if (!t.questions.length) errors.push({ path: `${at}/questions`, message: 'needs at least one question' });
    t.questions.forEach((q, i) => {
      const choices = q.selection.length + (q.hideFreeform ? 0 : 1);
      if (choices === 0) errors.push({ path: `${at}/questions/${i}/selection`, message: 'needs a choice or the free-form answer' });
      else if (q.numberOfChoices > choices)
        errors.push({ path: `${at}/questions/${i}/numberOfChoices`, message: `is above the ${choices} choices` });
      if (new Set(q.selection).size !== q.selection.length)
        errors.push({ path: `${at}/questions/${i}/selection`, message: 'repeats a choice' });
    });
  }
  if (errors.length) throw problems.validation(errors, `The survey cannot be answered as it is: ${errors[0].path} ${errors[0].message}.`);
}

async function writeTexts(
  db: DB,
  key: string,
  texts: Record<string, SurveyText>,
  meta: { status: string; start_ts: number; end_ts: number; version: number },
) {
  await db.deleteFrom('questionnaires').where('key', '=', key).execute();
  for (const [lang, t] of Object.entries(texts)) {
    const stored: StoredQuestion[] = t.questions;
    await db
      .insertInto('questionnaires')
      .values({
        id: await nextId(db, 'questionnaires'),
        key,
        lang: byShort(lang)!.service,
        subject: t.subject,
        questions: JSON.stringify(stored),
        answered_subject: t.answeredSubject,
        answered_body: t.answeredBody,
        ...meta,
      })
      .execute();
  }
}

export async function createSurvey(app: FastifyInstance, req: FastifyRequest, s: NewSurvey): Promise<Survey> {
  checkPeriod(s.startAt, s.endAt);
  checkTexts(s.texts);
  const now = app.clock.nowSec();
  return app.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('questionnaires').select('id').where('key', '=', s.key).executeTakeFirst();
    if (taken) throw problems.conflict('A survey has this key already.');
    await writeTexts(trx, s.key, s.texts, { status: 'draft', start_ts: s.startAt, end_ts: endOf(s.endAt), version: 0 });
    const after = await getSurvey(trx, s.key);
    await audit(trx, req, now, { action: 'survey.create', target: `survey:${s.key}`, after });
    return after;
  });
}

export async function patchSurvey(app: FastifyInstance, req: FastifyRequest, key: string, p: SurveyPatch): Promise<Survey> {
  const now = app.clock.nowSec();
  return app.db.transaction().execute(async (trx) => {
    const before = await getSurvey(trx, key);
    if (before.version !== p.version) throw problems.conflict();
    const status = p.status ?? before.status;
    if (!MOVES[before.status].includes(status))
      throw problems.validation(
        [{ path: '/status', message: `cannot go from ${before.status} to ${status}` }],
        'That status change is not possible.',
      );
    const startAt = p.startAt ?? before.startAt;
    const endAt = p.endAt === undefined ? before.endAt : p.endAt;
    checkPeriod(startAt, endAt);
    const meta = { status, start_ts: startAt, end_ts: endOf(endAt), version: before.version + 1 };
    if (p.texts) {
      checkTexts(p.texts);
      if (before.answers > 0) throw problems.conflict('Readers have answered this survey: its questions stay as they were.');
      await writeTexts(trx, key, p.texts, meta);
    } else await trx.updateTable('questionnaires').set(meta).where('key', '=', key).execute();
    const after = await getSurvey(trx, key);
    await audit(trx, req, now, {
      action: p.status && p.status !== before.status ? `survey.${p.status}` : 'survey.update',
      target: `survey:${key}`,
      before,
      after,
    });
    return after;
  });
}

export async function deleteSurvey(app: FastifyInstance, req: FastifyRequest, key: string, version: number): Promise<void> {
  const now = app.clock.nowSec();
  await app.db.transaction().execute(async (trx) => {
    const before = await getSurvey(trx, key);
    if (before.version !== version) throw problems.conflict();
    if (before.answers > 0) throw problems.conflict('Readers have answered this survey: close it instead.');
    await trx.deleteFrom('questionnaires').where('key', '=', key).execute();
    await audit(trx, req, now, { action: 'survey.delete', target: `survey:${key}`, before });
  });
}

type Answer = { lang: string; answers: string; created_at: number };

/** Counts per choice and the free-form answers, in the language asked (else English, else the first), every answer mapped by its own language's questions. */
export function resultsOf(s: Survey, rows: Answer[], language?: string): SurveyResults {
  const shown = s.texts[language ?? 'en'] ?? s.texts.en ?? Object.values(s.texts)[0];
  if (!shown) return { total: 0, questions: [] };
  const questions = shown.questions.map((q) => ({
    description: q.description,
    choices: q.selection.map((label) => ({ label, count: 0 })),
    other: { count: 0, answers: [] as string[] },
    skipped: 0,
  }));
  const picked = language ? rows.filter((r) => byService(r.lang)?.short === language) : rows;
  for (const r of picked) {
    const own = s.texts[byService(r.lang)?.short ?? ''] ?? shown;
    let given: Record<string, unknown>;
    try {
      given = JSON.parse(r.answers) as Record<string, unknown>;
    } catch {
      continue;
    }
    questions.forEach((out, i) => {
      const v = given[`q${i + 1}`];
      const values = v === undefined ? [] : [v].flat().map(String);
      if (!values.length) out.skipped++;
      for (const value of values) {
        const idx = own.questions[i]?.selection.indexOf(value) ?? -1;
        const choice = idx >= 0 ? out.choices[idx] : undefined;
        if (choice) choice.count++;
        else {
          out.other.count++;
          out.other.answers.push(value);
        }
      }
    });
  }
  return { total: picked.length, questions };
}
