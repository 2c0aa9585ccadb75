import type { NewSurvey, Survey, SurveyPatch, SurveyStatus, SurveyText } from '../../../core/console/schemas/surveys.js';
import { byService, byShort } from '../../../core/languages.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { QuestionnaireRow, SurveyMeta } from '../../repos/console/surveys.js';
import { parseQuestions, type StoredQuestion } from '../../lib/survey.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited } from '../write.js';
import { problems } from '../problems.js';
import { checkPeriod, endAtOf, endOf } from './common.js';

/**
 * Surveys: one questionnaire per language under a key (the rows
 * the reader's survey host reads), sharing a status (draft → open → closed,
 * reopenable) and a period. A survey with answers keeps its questions.
 * The reader's survey route reads these rows directly (no cached view), so
 * a survey's write tells no node.
 */
const MOVES: Record<SurveyStatus, SurveyStatus[]> = { draft: ['draft', 'open'], open: ['open', 'closed'], closed: ['closed', 'open'] };

const textOf = (r: QuestionnaireRow): SurveyText => ({
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

async function surveysOf(repos: ConsoleRepos, key?: string): Promise<Survey[]> {
  const rows = await repos.surveys.rows(key);
  const byKey = new Map<string, QuestionnaireRow[]>();
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
  const counts = await repos.surveys.answerCounts([...byKey.keys()]);
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

async function one(repos: ConsoleRepos, key: string): Promise<Survey> {
  const s = (await surveysOf(repos, key))[0];
  if (!s) throw problems.notFound('No such survey.');
  return s;
}

export const listSurveys = (ctx: ConsoleCtx): Promise<Survey[]> => surveysOf(ctx.repos);
export const getSurvey = (ctx: ConsoleCtx, key: string): Promise<Survey> => one(ctx.repos, key);

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

/** A key's questionnaires replaced by these texts, one row per language, sharing the status, period and version. */
async function writeTexts(repos: ConsoleRepos, key: string, texts: Record<string, SurveyText>, meta: SurveyMeta) {
  await repos.surveys.remove(key);
  for (const [lang, t] of Object.entries(texts)) {
    const stored: StoredQuestion[] = t.questions;
    await repos.surveys.add({
      key,
      lang: byShort(lang)!.service,
      subject: t.subject,
      questions: JSON.stringify(stored),
      answered_subject: t.answeredSubject,
      answered_body: t.answeredBody,
      ...meta,
    });
  }
}

const quiet = { readersSee: false };

export async function createSurvey(ctx: ConsoleCtx, actor: Actor, s: NewSurvey): Promise<Survey> {
  checkPeriod(s.startAt, s.endAt);
  checkTexts(s.texts);
  return audited(
    ctx,
    actor,
    async ({ repos, audit }) => {
      if (await repos.surveys.taken(s.key)) throw problems.conflict('A survey has this key already.');
      await writeTexts(repos, s.key, s.texts, { status: 'draft', start_ts: s.startAt, end_ts: endOf(s.endAt), version: 0 });
      const after = await one(repos, s.key);
      await audit({ action: 'survey.create', target: `survey:${s.key}`, after });
      return after;
    },
    quiet,
  );
}

export async function patchSurvey(ctx: ConsoleCtx, actor: Actor, key: string, p: SurveyPatch): Promise<Survey> {
  return audited(
    ctx,
    actor,
    async ({ repos, audit }) => {
      const before = await one(repos, key);
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
        await writeTexts(repos, key, p.texts, meta);
      } else await repos.surveys.setMeta(key, meta);
      const after = await one(repos, key);
      await audit({
        action: p.status && p.status !== before.status ? `survey.${p.status}` : 'survey.update',
        target: `survey:${key}`,
        before,
        after,
      });
      return after;
    },
    quiet,
  );
}

export async function deleteSurvey(ctx: ConsoleCtx, actor: Actor, key: string, version: number): Promise<void> {
  await audited(
    ctx,
    actor,
    async ({ repos, audit }) => {
      const before = await one(repos, key);
      if (before.version !== version) throw problems.conflict();
      if (before.answers > 0) throw problems.conflict('Readers have answered this survey: close it instead.');
      await repos.surveys.remove(key);
      await audit({ action: 'survey.delete', target: `survey:${key}`, before });
    },
    quiet,
  );
}
