import type { Static } from '@sinclair/typebox';
import type { Lang } from '../../../core/console/schemas/home.js';
import type { Survey, SurveyAnswers, SurveyResults } from '../../../core/console/schemas/surveys.js';
import { BY_SHORT, byService } from '../../../core/languages.js';
import type { AnswerRow } from '../../repos/console/surveys.js';
import type { ConsoleCtx } from '../actor.js';
import { csvField } from '../audit.js';
import { getSurvey } from './surveys.js';

/** A survey's results and its readers' answers (moderator, analyst): a page at a time, or every one as a file. */

const PAGE = 100;

/** Counts per choice and the free-form answers, in the language asked (else English, else the first), every answer mapped by its own language's questions. */
function resultsOf(s: Survey, rows: AnswerRow[], language?: string): SurveyResults {
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

export async function surveyResults(ctx: ConsoleCtx, key: string, language?: Lang): Promise<SurveyResults> {
  const s = await getSurvey(ctx, key);
  return resultsOf(s, await ctx.repos.surveys.answers(s.key), language);
}

const answerOf = (r: AnswerRow) => ({
  language: byService(r.lang)?.short ?? r.lang,
  answers: JSON.parse(r.answers) as Record<string, string | string[]>,
});

/** A page of answers, newest first; the cursor is an offset (answers are only ever added). */
export async function answersPage(ctx: ConsoleCtx, key: string, before?: string, language?: Lang): Promise<Static<typeof SurveyAnswers>> {
  const s = await getSurvey(ctx, key);
  const offset = Math.max(0, Number.parseInt(before ?? '0', 10) || 0);
  const lang = language ? BY_SHORT[language].service : undefined;
  const rows = await ctx.repos.surveys.answers(s.key, { lang, limit: PAGE + 1, offset });
  return {
    answers: rows.slice(0, PAGE).map((r) => ({ at: Number(r.created_at), ...answerOf(r) })),
    next: rows.length > PAGE ? String(offset + PAGE) : null,
  };
}

/** Every answer as a file: CSV (a column per question, several choices joined by "; ") or JSON lines. */
export async function exportAnswers(
  ctx: ConsoleCtx,
  key: string,
  format?: 'csv' | 'jsonl',
): Promise<{ type: string; filename: string; body: string }> {
  const s = await getSurvey(ctx, key);
  const rows = await ctx.repos.surveys.answers(s.key);
  const n = Math.max(0, ...Object.values(s.texts).map((t) => t.questions.length));
  const qs = Array.from({ length: n }, (_, i) => `q${i + 1}`);
  const out = rows.map((r) => ({ at: new Date(Number(r.created_at) * 1000).toISOString(), ...answerOf(r) }));
  if (format === 'jsonl')
    return {
      type: 'application/jsonl; charset=utf-8',
      filename: `survey-${s.key}.jsonl`,
      body: out.map((o) => `${JSON.stringify({ at: o.at, language: o.language, ...o.answers })}\n`).join(''),
    };
  const lines = [
    ['at', 'language', ...qs].join(','),
    ...out.map((o) => [o.at, o.language, ...qs.map((q) => [o.answers[q] ?? ''].flat().join('; '))].map(csvField).join(',')),
  ];
  return { type: 'text/csv; charset=utf-8', filename: `survey-${s.key}.csv`, body: lines.join('\r\n') + '\r\n' };
}
