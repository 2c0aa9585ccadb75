import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  answersBody,
  FREE_TEXT_MAX,
  problemOf,
  surveyFormMachine,
  type SurveyAnswer,
  type SurveyCopy,
  type SurveyFormEvent,
  type SurveyQuestion,
} from './surveyFormMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const COPY: SurveyCopy = { subject: 'Tell us', answeredSubject: 'Thanks', answeredBody: 'Already answered' };
const question = (q: Partial<SurveyQuestion>): SurveyQuestion => ({
  description: 'Q',
  canSkip: false,
  numberOfChoices: 1,
  selection: ['a', 'b', 'c'],
  freeForm: 'Other',
  ...q,
});
const SINGLE = question({});
const MULTI = question({ numberOfChoices: 2 });
const answer = (a: Partial<SurveyAnswer>): SurveyAnswer => ({ choices: [], freeOn: false, freeText: '', ...a });
const loaded = (questions: SurveyQuestion[], answered = false): SurveyFormEvent => ({
  type: 'survey.loaded',
  questions,
  answered,
  copy: COPY,
});
const EVENTS: SurveyFormEvent[] = [
  loaded([SINGLE, MULTI]),
  loaded([SINGLE], true),
  { type: 'survey.failed', message: 'HTTP 500' },
  { type: 'answer.choose', q: 0, value: 'a' },
  { type: 'answer.toggle', q: 1, value: 'b' },
  { type: 'answer.freeToggle', q: 1 },
  { type: 'answer.freeText', q: 1, text: 'mine' },
  { type: 'form.submit' },
  { type: 'submit.done' },
  { type: 'submit.alreadyAnswered' },
  { type: 'submit.failed', message: 'HTTP 500' },
];

describe('surveyFormMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'surveyForm',
      surveyFormMachine,
      machinePaths(surveyFormMachine, {
        events: EVENTS,
        // Answers make the context grow without end: the graph tells states apart by value.
        serializeState: (s) => JSON.stringify(s.value),
        sequences: () => [
          [EVENTS[0], EVENTS[3], EVENTS[4], EVENTS[5], EVENTS[6]],
          [EVENTS[0], EVENTS[3], EVENTS[4], { type: 'form.submit' }, { type: 'submit.failed', message: 'HTTP 500' }],
          [EVENTS[0], EVENTS[3], EVENTS[4], { type: 'form.submit' }, { type: 'submit.done' }],
          [EVENTS[0], EVENTS[3], EVENTS[4], { type: 'form.submit' }, { type: 'submit.alreadyAnswered' }],
        ],
      }),
    );
  });

  it('checks each question: required, at most N choices, free text up to 100 characters', () => {
    expect(problemOf(SINGLE, answer({}))).toEqual({ kind: 'required' });
    expect(problemOf(question({ canSkip: true }), answer({}))).toBe(null);
    // A ticked free form is a choice ("Please choose the answer." no longer applies), but an empty one asks for its text…
    expect(problemOf(SINGLE, answer({ freeOn: true, freeText: '  ' }))).toEqual({ kind: 'writeOther' });
    expect(problemOf(MULTI, answer({ freeOn: true }))).toEqual({ kind: 'writeOther' });
    expect(problemOf(question({ canSkip: true }), answer({ freeOn: true }))).toBe(null);
    expect(problemOf(MULTI, answer({ choices: ['a'], freeOn: true }))).toBe(null);
    expect(problemOf(SINGLE, answer({ freeOn: true, freeText: 'mine' }))).toBe(null);
    // …but counts as a selection against the limit.
    expect(problemOf(MULTI, answer({ choices: ['a', 'b'] }))).toBe(null);
    expect(problemOf(MULTI, answer({ choices: ['a', 'b'], freeOn: true }))).toEqual({ kind: 'tooMany', n: 2 });
    expect(problemOf(SINGLE, answer({ freeOn: true, freeText: 'x'.repeat(FREE_TEXT_MAX + 1) }))).toEqual({ kind: 'tooLong' });
  });

  it('submits only a valid form, with one value per single question and a list per multiple one', () => {
    const log = actionLog('load', 'submit');
    const a = createActor(surveyFormMachine.provide({ actions: log.actions })).start();
    a.send(loaded([SINGLE, MULTI]));
    a.send({ type: 'answer.choose', q: 0, value: 'a' });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().value).toBe('form');
    a.send({ type: 'answer.toggle', q: 1, value: 'b' });
    a.send({ type: 'answer.freeToggle', q: 1 });
    a.send({ type: 'answer.freeText', q: 1, text: ' mine ' });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().value).toBe('submitting');
    expect(log.calls).toEqual([
      ['load', undefined],
      ['submit', { body: { q1: 'a', q2: ['b', 'mine'] } }],
    ]);
    a.send({ type: 'submit.done' });
    expect(a.getSnapshot().value).toBe('submitted');
  });

  it('on a single-choice question the free form replaces the radio, and a radio clears the free form', () => {
    const open = [loaded([SINGLE])];
    const free = after(surveyFormMachine, undefined, [
      ...open,
      { type: 'answer.choose', q: 0, value: 'a' },
      { type: 'answer.freeToggle', q: 0 },
    ]);
    expect(free.context.answers).toEqual([answer({ freeOn: true })]);
    const radio = after(surveyFormMachine, undefined, [
      ...open,
      { type: 'answer.freeToggle', q: 0 },
      { type: 'answer.freeText', q: 0, text: 'x'.repeat(FREE_TEXT_MAX + 5) },
    ]);
    expect(radio.context.answers[0]?.freeText).toHaveLength(FREE_TEXT_MAX);
    expect(answersBody([SINGLE], radio.context.answers)).toEqual({ q1: 'x'.repeat(FREE_TEXT_MAX) });
    const chosen = after(surveyFormMachine, undefined, [
      ...open,
      { type: 'answer.freeToggle', q: 0 },
      { type: 'answer.choose', q: 0, value: 'b' },
    ]);
    expect(chosen.context.answers).toEqual([answer({ choices: ['b'] })]);
  });

  it('an answered survey shows its message; a failed submit keeps the answers and shows the error', () => {
    expect(after(surveyFormMachine, undefined, [loaded([SINGLE], true)]).value).toBe('answered');
    const failed = after(surveyFormMachine, undefined, [
      loaded([SINGLE]),
      { type: 'answer.choose', q: 0, value: 'a' },
      { type: 'form.submit' },
      { type: 'submit.failed', message: 'HTTP 500' },
    ]);
    expect(failed.value).toBe('form');
    expect(failed.context).toMatchObject({ error: 'HTTP 500', answers: [answer({ choices: ['a'] })] });
    expect(after(surveyFormMachine, undefined, [{ type: 'survey.failed', message: 'HTTP 500' }]).context.error).toBe('HTTP 500');
  });
});
