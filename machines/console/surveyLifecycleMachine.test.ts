import { describe, expect, it } from 'vitest';
import { surveyLifecycleMachine, surveyProblems, type SurveyLifecycleEvent, type SurveyShape } from './surveyLifecycleMachine';
import { after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';

const q = (selection: string[], numberOfChoices: number, hideFreeform = true) => ({ selection, numberOfChoices, hideFreeform });
const good: SurveyShape = { questions: [q(['a', 'b', 'c'], 2)] };
const empty: SurveyShape = { questions: [] };
const EVENTS: SurveyLifecycleEvent[] = [
  { type: 'survey.open', survey: good },
  { type: 'survey.open', survey: empty },
  { type: 'survey.close' },
  { type: 'period.ended' },
  { type: 'request.done' },
  { type: 'request.failed', code: 'conflict' },
];

describe('surveyLifecycleMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'consoleSurveyLifecycle',
      surveyLifecycleMachine,
      machinePaths(surveyLifecycleMachine, { inputs: [{ status: 'draft' }, { status: 'open' }, { status: 'closed' }], events: EVENTS }),
    );
  });

  it('a draft opens only with a question and limits that fit their choices', () => {
    expect(surveyProblems(empty)).toEqual(['no-question']);
    expect(surveyProblems({ questions: [q(['a', 'b'], 3)] })).toEqual(['limit-above-choices']);
    // "Other" is a choice of its own when offered; a question of "other" alone is a free-form one.
    expect(surveyProblems({ questions: [q(['a', 'b'], 3, false), q([], 1, false)] })).toEqual([]);
    expect(surveyProblems({ questions: [q([], 1)] })).toEqual(['no-choice']);
    const refused = after(surveyLifecycleMachine, { status: 'draft' }, [{ type: 'survey.open', survey: empty }]);
    expect(refused.value).toBe('draft');
    expect(refused.context.problems).toEqual(['no-question']);
    const opened = after(surveyLifecycleMachine, { status: 'draft' }, [{ type: 'survey.open', survey: good }, { type: 'request.done' }]);
    expect(opened.value).toBe('open');
    expect(opened.context.problems).toEqual([]);
  });

  it('an open survey closes when asked or when its period ends; a refused close keeps it open', () => {
    expect(after(surveyLifecycleMachine, { status: 'open' }, [{ type: 'period.ended' }]).value).toBe('closed');
    const kept = after(surveyLifecycleMachine, { status: 'open' }, [
      { type: 'survey.close' },
      { type: 'request.failed', code: 'forbidden' },
    ]);
    expect(kept.value).toBe('open');
    expect(kept.context.problems).toEqual(['forbidden']);
    const reopened = after(surveyLifecycleMachine, { status: 'closed' }, [
      { type: 'survey.open', survey: good },
      { type: 'request.failed', code: 'conflict' },
    ]);
    expect(reopened.value).toBe('closed');
  });
});
