import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { canSend, feedbackMachine, MESSAGE_MAX, type FeedbackEvent } from './feedbackMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: FeedbackEvent[] = [
  { type: 'type.set', value: 'suggestion' },
  { type: 'type.set', value: 'report' },
  { type: 'message.change', value: 'Great app' },
  { type: 'message.change', value: '  ' },
  { type: 'form.send' },
  { type: 'send.done' },
  { type: 'send.failed' },
  { type: 'failure.dismiss' },
];

describe('feedbackMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'feedback',
      feedbackMachine,
      machinePaths(feedbackMachine, {
        events: EVENTS,
        // The alert's dismissal: after a failure, which shortest paths do not revisit the form for.
        sequences: () => [[EVENTS[2], { type: 'form.send' }, { type: 'send.failed' }, { type: 'failure.dismiss' }]],
      }),
    );
  });

  it('sends only a non-empty message of at most 5000 characters', () => {
    const form = { type: 'report' as const, failed: false };
    expect(canSend({ ...form, message: '' })).toBe(false);
    expect(canSend({ ...form, message: ' \n ' })).toBe(false);
    expect(canSend({ ...form, message: 'x'.repeat(MESSAGE_MAX) })).toBe(true);
    expect(canSend({ ...form, message: 'x'.repeat(MESSAGE_MAX + 1) })).toBe(false);
    // Characters, not UTF-16 units: 5000 emoji are 10000 units.
    expect(canSend({ ...form, message: '😀'.repeat(MESSAGE_MAX) })).toBe(true);
    expect(after(feedbackMachine, undefined, [{ type: 'message.change', value: '   ' }, { type: 'form.send' }]).value).toBe('form');
    expect(
      after(feedbackMachine, undefined, [{ type: 'message.change', value: 'x'.repeat(MESSAGE_MAX + 1) }, { type: 'form.send' }]).value,
    ).toBe('form');
  });

  it('sends the type (report by default) and the message; a failure keeps the text', () => {
    const log = actionLog('send');
    const a = createActor(feedbackMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'message.change', value: 'Crash on page 3' });
    a.send({ type: 'form.send' });
    expect(log.calls).toEqual([['send', { type: 'report', message: 'Crash on page 3' }]]);
    a.send({ type: 'send.failed' });
    expect(a.getSnapshot().value).toBe('form');
    expect(a.getSnapshot().context).toEqual({ type: 'report', message: 'Crash on page 3', failed: true });
    // The alert is dismissed (the text stays), or goes when the message changes.
    a.send({ type: 'failure.dismiss' });
    expect(a.getSnapshot().context).toEqual({ type: 'report', message: 'Crash on page 3', failed: false });
    a.send({ type: 'form.send' });
    a.send({ type: 'send.failed' });
    a.send({ type: 'message.change', value: 'Crash on page 4' });
    expect(a.getSnapshot().context.failed).toBe(false);
    a.send({ type: 'type.set', value: 'suggestion' });
    a.send({ type: 'form.send' });
    expect(log.calls[2]).toEqual(['send', { type: 'suggestion', message: 'Crash on page 4' }]);
    a.send({ type: 'send.done' });
    expect(a.getSnapshot().value).toBe('submitted');
  });
});
