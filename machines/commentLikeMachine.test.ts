import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { commentLikeMachine } from './commentLikeMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const INPUTS = [
  { liked: false, likes: 3 },
  { liked: true, likes: 0 },
];

describe('commentLikeMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('commentLike', commentLikeMachine, machinePaths(commentLikeMachine, { inputs: INPUTS }));
  });

  it('a like that succeeds flips the mark and counts one more; an unlike one less', () => {
    const log = actionLog('sendLike', 'sendUnlike');
    const a = createActor(commentLikeMachine.provide({ actions: log.actions }), { input: INPUTS[0] }).start();
    expect(a.getSnapshot().value).toBe('notLiked');
    a.send({ type: 'like.toggle' });
    expect(a.getSnapshot().value).toBe('liking');
    // Busy: a second press while the call runs is ignored.
    a.send({ type: 'like.toggle' });
    a.send({ type: 'like.done' });
    expect(a.getSnapshot().context).toEqual({ liked: true, likes: 4, error: false });
    a.send({ type: 'like.toggle' });
    a.send({ type: 'like.done' });
    expect(a.getSnapshot().value).toBe('notLiked');
    expect(a.getSnapshot().context).toEqual({ liked: false, likes: 3, error: false });
    expect(log.names()).toEqual(['sendLike', 'sendUnlike']);
  });

  it('a failure keeps the state and count; the count never goes below zero', () => {
    const failed = after(commentLikeMachine, INPUTS[1], [{ type: 'like.toggle' }, { type: 'like.failed' }]);
    expect(failed.value).toBe('liked');
    expect(failed.context).toEqual({ liked: true, likes: 0, error: true });
    const unliked = after(commentLikeMachine, INPUTS[1], [{ type: 'like.toggle' }, { type: 'like.done' }]);
    expect(unliked.context).toEqual({ liked: false, likes: 0, error: false });
    expect(
      after(commentLikeMachine, INPUTS[1], [{ type: 'like.toggle' }, { type: 'like.failed' }, { type: 'like.toggle' }]).context.error,
    ).toBe(false);
  });
});
