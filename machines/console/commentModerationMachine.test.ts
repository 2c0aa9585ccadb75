import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { commentModerationMachine, type CommentModerationEvent } from './commentModerationMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';

const EVENTS: CommentModerationEvent[] = [
  { type: 'comment.hide', reason: 'spoiler' },
  { type: 'comment.hide', reason: ' ' },
  { type: 'comment.delete', reason: 'abuse' },
  { type: 'comment.delete', reason: '' },
  { type: 'comment.restore', reason: 'not a spoiler' },
  { type: 'comment.restore', reason: '' },
  { type: 'moderation.done' },
  { type: 'moderation.failed', code: 'not-found' },
];

describe('commentModerationMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'consoleCommentModeration',
      commentModerationMachine,
      machinePaths(commentModerationMachine, {
        inputs: [{ hidden: false }, { hidden: true }],
        events: EVENTS,
        // A refused delete lands where a refused hide already did: the graph would not walk it.
        sequences: () => [[{ type: 'comment.delete', reason: '' }]],
      }),
    );
  });

  it('hides and deletes only with a reason, which the request carries', () => {
    const log = actionLog('hideComment', 'deleteComment', 'restoreComment');
    const a = createActor(commentModerationMachine.provide({ actions: log.actions }), { input: { hidden: false } }).start();
    a.send({ type: 'comment.hide', reason: '   ' });
    expect(a.getSnapshot().value).toBe('shown');
    expect(a.getSnapshot().context.problem).toBe('reason-required');
    a.send({ type: 'comment.hide', reason: ' spoiler ' });
    a.send({ type: 'moderation.done' });
    a.send({ type: 'comment.restore', reason: 'not a spoiler' });
    a.send({ type: 'moderation.done' });
    a.send({ type: 'comment.delete', reason: 'abuse' });
    a.send({ type: 'moderation.done' });
    expect(a.getSnapshot().status).toBe('done');
    expect(log.calls).toEqual([
      ['hideComment', { reason: 'spoiler' }],
      ['restoreComment', { reason: 'not a spoiler' }],
      ['deleteComment', { reason: 'abuse' }],
    ]);
  });

  it('a refused request leaves the comment as it was, with the reason why', () => {
    const s = after(commentModerationMachine, { hidden: true }, [
      { type: 'comment.delete', reason: 'abuse' },
      { type: 'moderation.failed', code: 'forbidden' },
    ]);
    expect(s.value).toBe('hidden');
    expect(s.context.problem).toBe('forbidden');
    expect(after(commentModerationMachine, { hidden: false }, [{ type: 'comment.restore', reason: 'x' }]).value).toBe('shown');
  });
});
