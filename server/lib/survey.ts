import { errors } from './errors.js';

/** A survey question as stored (questionnaires.questions JSON). */
export interface StoredQuestion {
  description: string;
  canSkip?: boolean;
  numberOfChoices?: number;
  selection?: string[];
  hideFreeform?: boolean;
  freeForm?: string;
}

/** Free-form text limit (001 §5). */
const FREE_TEXT_MAX = 100;

export function parseQuestions(json: string): StoredQuestion[] {
  const v = JSON.parse(json) as unknown;
  if (!Array.isArray(v)) throw new Error('questions must be a list');
  return v as StoredQuestion[];
}

/**
 * Checks a PUT /questionnaire body against the questions: keys q1..qN only;
 * every required question answered; a single-choice question (numberOfChoices
 * ≤ 1) has one value; a multi-choice one at most numberOfChoices distinct
 * values; each value is one of the selection or, where the free form is
 * offered, one free text of at most 100 characters. Answers the normalised
 * answers (single: string, multi: string[]).
 */
export function validateAnswers(questions: StoredQuestion[], body: unknown): Record<string, string | string[]> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.badBody('the body must be a JSON object of answers');
  const given = body as Record<string, unknown>;
  for (const k of Object.keys(given)) {
    const m = /^q([1-9][0-9]{0,3})$/.exec(k);
    if (!m || Number(m[1]) > questions.length) throw errors.badBody(`unknown answer key ${k.slice(0, 20)}`);
  }
  const out: Record<string, string | string[]> = {};
  questions.forEach((q, i) => {
    const key = `q${i + 1}`;
    const raw = given[key];
    let values: string[];
    if (raw === undefined || raw === null) values = [];
    else if (typeof raw === 'string') values = [raw];
    else if (Array.isArray(raw) && raw.every((x) => typeof x === 'string')) values = raw;
    else throw errors.badBody(`${key} must be a string or a list of strings`);
    values = values.map((v) => v.trim()).filter((v) => v !== '');
    if (values.length === 0) {
      if (!q.canSkip) throw errors.badBody(`${key} is required`);
      return;
    }
    const selection = q.selection ?? [];
    const multi = (q.numberOfChoices ?? 1) > 1;
    if (new Set(values).size !== values.length) throw errors.badBody(`${key} repeats a choice`);
    const free = values.filter((v) => !selection.includes(v));
    if (free.length > 0) {
      if (q.hideFreeform) throw errors.badBody(`${key} must be one of the choices`);
      if (free.length > 1) throw errors.badBody(`${key} has more than one free answer`);
      if ([...free[0]].length > FREE_TEXT_MAX) throw errors.badBody(`${key} free answer is longer than ${FREE_TEXT_MAX} characters`);
    }
    if (!multi) {
      if (values.length !== 1) throw errors.badBody(`${key} takes one answer`);
      out[key] = values[0]!;
    } else {
      if (values.length > (q.numberOfChoices ?? 1)) throw errors.badBody(`${key} takes up to ${q.numberOfChoices} answers`);
      out[key] = values;
    }
  });
  return out;
}
