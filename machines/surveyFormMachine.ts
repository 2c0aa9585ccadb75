import { assign, setup } from 'xstate';

/**
 * The survey (001 §2 Survey screen, §4, §5): loading, then already answered
 * or the form; the form is submitted only when every question passes the
 * checks, then shows the finish message. Loading and submitting are
 * provided actions answering with events.
 */
export interface SurveyQuestion {
  description: string;
  canSkip: boolean;
  /** 1 = single choice (radios), more = up to that many checkboxes. */
  numberOfChoices: number;
  selection: string[];
  /** Label of the free-form "other" option; empty when hidden. */
  freeForm: string;
}

export interface SurveyAnswer {
  choices: string[];
  freeOn: boolean;
  freeText: string;
}

/** 001 §5: free-form text is limited to 100 characters. */
export const FREE_TEXT_MAX = 100;

export type QuestionProblem = null | { kind: 'required' } | { kind: 'writeOther' } | { kind: 'tooMany'; n: number } | { kind: 'tooLong' };

/**
 * 001 §5. A ticked free form counts as one selection: against the limit, and
 * for "Please choose the answer." (which no longer shows once "other" is
 * ticked). Only its non-empty text is sent, though, so a required question
 * whose only answer is an empty free form asks for that text (writeOther)
 * and keeps the form from being sent.
 */
export function problemOf(q: SurveyQuestion, a: SurveyAnswer): QuestionProblem {
  if ([...a.freeText].length > FREE_TEXT_MAX) return { kind: 'tooLong' };
  const count = a.choices.length + (a.freeOn ? 1 : 0);
  if (count === 0) return q.canSkip ? null : { kind: 'required' };
  if (q.numberOfChoices > 1 && count > q.numberOfChoices) return { kind: 'tooMany', n: q.numberOfChoices };
  if (a.choices.length === 0 && a.freeText.trim() === '' && !q.canSkip) return { kind: 'writeOther' };
  return null;
}

const formValid = (qs: SurveyQuestion[], as: SurveyAnswer[]) =>
  qs.every((q, i) => problemOf(q, as[i] ?? { choices: [], freeOn: false, freeText: '' }) === null);

/** The PUT body: q1, q2… each a string (single) or list (multi); free text only when non-empty. */
export function answersBody(qs: SurveyQuestion[], as: SurveyAnswer[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  qs.forEach((q, i) => {
    const a = as[i];
    const free = a.freeOn ? a.freeText.trim() : '';
    if (q.numberOfChoices > 1) {
      const list = free ? [...a.choices, free] : [...a.choices];
      if (list.length) out[`q${i + 1}`] = list;
    } else {
      const v = free || a.choices[0];
      if (v) out[`q${i + 1}`] = v;
    }
  });
  return out;
}

export interface SurveyCopy {
  subject: string;
  answeredSubject: string;
  answeredBody: string;
}

export interface SurveyFormContext {
  copy: SurveyCopy;
  questions: SurveyQuestion[];
  answers: SurveyAnswer[];
  error: string | null;
}

export type SurveyFormEvent =
  | { type: 'survey.loaded'; questions: SurveyQuestion[]; answered: boolean; copy: SurveyCopy }
  | { type: 'survey.failed'; message: string }
  | { type: 'answer.choose'; q: number; value: string }
  | { type: 'answer.toggle'; q: number; value: string }
  | { type: 'answer.freeToggle'; q: number }
  | { type: 'answer.freeText'; q: number; text: string }
  | { type: 'form.submit' }
  | { type: 'submit.done' }
  | { type: 'submit.alreadyAnswered' }
  | { type: 'submit.failed'; message: string };

const patch = (as: SurveyAnswer[], q: number, f: (a: SurveyAnswer) => SurveyAnswer) => as.map((a, i) => (i === q ? f(a) : a));

export const surveyFormMachine = setup({
  types: { context: {} as SurveyFormContext, events: {} as SurveyFormEvent },
  actions: {
    load: () => {},
    submit: (_, _p: { body: Record<string, string | string[]> }) => {},
  },
  guards: {
    isAnswered: ({ event }) => event.type === 'survey.loaded' && event.answered,
    isValid: ({ context }) => formValid(context.questions, context.answers),
  },
}).createMachine({
  id: 'surveyForm',
  context: { copy: { subject: '', answeredSubject: '', answeredBody: '' }, questions: [], answers: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: 'load',
      on: {
        'survey.loaded': [
          { guard: 'isAnswered', target: 'answered', actions: assign({ copy: ({ event }) => event.copy }) },
          {
            target: 'form',
            actions: assign(({ event }) => ({
              copy: event.copy,
              questions: event.questions,
              answers: event.questions.map(() => ({ choices: [], freeOn: false, freeText: '' })),
            })),
          },
        ],
        'survey.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    failed: {},
    answered: {},
    form: {
      on: {
        // Choosing a radio option disables and clears that question's free-form text.
        'answer.choose': {
          actions: assign({
            answers: ({ context, event }) =>
              patch(context.answers, event.q, () => ({ choices: [event.value], freeOn: false, freeText: '' })),
          }),
        },
        'answer.toggle': {
          actions: assign({
            answers: ({ context, event }) =>
              patch(context.answers, event.q, (a) => ({
                ...a,
                choices: a.choices.includes(event.value) ? a.choices.filter((c) => c !== event.value) : [...a.choices, event.value],
              })),
          }),
        },
        // Ticking "other" enables its text area; unticking clears the text. On a single-choice question it replaces the radio.
        'answer.freeToggle': {
          actions: assign({
            answers: ({ context, event }) =>
              patch(context.answers, event.q, (a) =>
                a.freeOn
                  ? { ...a, freeOn: false, freeText: '' }
                  : { ...a, freeOn: true, choices: context.questions[event.q].numberOfChoices > 1 ? a.choices : [] },
              ),
          }),
        },
        'answer.freeText': {
          actions: assign({
            answers: ({ context, event }) =>
              patch(context.answers, event.q, (a) => (a.freeOn ? { ...a, freeText: event.text.slice(0, FREE_TEXT_MAX) } : a)),
          }),
        },
        'form.submit': { guard: 'isValid', target: 'submitting', actions: assign({ error: null }) },
      },
    },
    submitting: {
      entry: { type: 'submit', params: ({ context }) => ({ body: answersBody(context.questions, context.answers) }) },
      on: {
        'submit.done': 'submitted',
        'submit.alreadyAnswered': 'answered',
        'submit.failed': { target: 'form', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    submitted: {},
  },
});
