import { assign, setup } from 'xstate';
import type { Question } from '../../core/console/schemas/surveys';

/**
 * A survey's life in the console: a draft is edited freely and
 * opened only when it holds a question and every multiple-choice limit fits
 * its choices (the same rules the server refuses with); an open survey is
 * answered by readers and can be closed; a closed one keeps its results and
 * may open again.
 * The period's end closes an open survey by itself (the console's clock
 * tells). A refused request leaves it where it was with the problem code.
 */
export type SurveyStatus = 'draft' | 'open' | 'closed';

/** What the rules look at: each language's questions as the reader shows them (core/console/schemas/surveys.ts). */
export interface SurveyShape {
  questions: ReadonlyArray<Pick<Question, 'numberOfChoices' | 'selection' | 'hideFreeform'>>;
}

export type SurveyProblem = 'no-question' | 'no-choice' | 'limit-above-choices';

/** Why a draft cannot open yet (empty when it can); "other" counts as a choice when it is offered. */
export function surveyProblems(s: SurveyShape): SurveyProblem[] {
  const out = new Set<SurveyProblem>();
  if (s.questions.length === 0) out.add('no-question');
  for (const q of s.questions) {
    const choices = q.selection.length + (q.hideFreeform ? 0 : 1);
    if (choices === 0) out.add('no-choice');
    else if (q.numberOfChoices < 1 || q.numberOfChoices > choices) out.add('limit-above-choices');
  }
  return [...out];
}

export interface SurveyLifecycleContext {
  status: SurveyStatus;
  problems: string[];
}

export type SurveyLifecycleEvent =
  /** request: what the UI's provided action sends (opaque here, like the reauth machine's action). */
  | { type: 'survey.open'; survey: SurveyShape; request?: unknown }
  | { type: 'survey.close'; request?: unknown }
  | { type: 'period.ended' }
  | { type: 'request.done' }
  | { type: 'request.failed'; code: string };

const requestOf = ({ event }: { event: SurveyLifecycleEvent }) => ({ request: 'request' in event ? (event.request ?? null) : null });

export const surveyLifecycleMachine = setup({
  types: { context: {} as SurveyLifecycleContext, events: {} as SurveyLifecycleEvent, input: {} as { status: SurveyStatus } },
  actions: {
    openSurvey: (_, _p: { request: unknown }) => {},
    closeSurvey: (_, _p: { request: unknown }) => {},
    refuse: assign({ problems: ({ event }) => (event.type === 'survey.open' ? surveyProblems(event.survey) : []) }),
    noteFailure: assign({ problems: ({ event }) => (event.type === 'request.failed' ? [event.code] : []) }),
    clearProblems: assign({ problems: [] }),
  },
  guards: {
    openable: ({ event }) => event.type === 'survey.open' && surveyProblems(event.survey).length === 0,
    isOpen: ({ context }) => context.status === 'open',
    isClosed: ({ context }) => context.status === 'closed',
  },
}).createMachine({
  id: 'consoleSurveyLifecycle',
  context: ({ input }) => ({ status: input.status, problems: [] }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'isOpen', target: 'open' }, { guard: 'isClosed', target: 'closed' }, { target: 'draft' }] },
    draft: {
      on: {
        'survey.open': [
          { guard: 'openable', target: 'opening', actions: ['clearProblems', { type: 'openSurvey', params: requestOf }] },
          { actions: 'refuse' },
        ],
      },
    },
    opening: {
      on: {
        'request.done': { target: 'open', actions: assign({ status: 'open' }) },
        'request.failed': [
          { guard: 'isClosed', target: 'closed', actions: 'noteFailure' },
          { target: 'draft', actions: 'noteFailure' },
        ],
      },
    },
    open: {
      on: {
        'survey.close': { target: 'closing', actions: ['clearProblems', { type: 'closeSurvey', params: requestOf }] },
        'period.ended': { target: 'closed', actions: assign({ status: 'closed' }) },
      },
    },
    closing: {
      on: {
        'request.done': { target: 'closed', actions: assign({ status: 'closed' }) },
        'request.failed': { target: 'open', actions: 'noteFailure' },
      },
    },
    closed: {
      on: {
        'survey.open': [
          { guard: 'openable', target: 'opening', actions: ['clearProblems', { type: 'openSurvey', params: requestOf }] },
          { actions: 'refuse' },
        ],
      },
    },
  },
});
