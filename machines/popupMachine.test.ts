import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { popupMachine, type PopupEvent, type PopupInput } from './popupMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: PopupEvent[] = [
  { type: 'popup.mounted' },
  { type: 'popup.close' },
  { type: 'popup.follow' },
  { type: 'popup.dontShowAgain', checked: true },
  { type: 'popup.dontShowAgain', checked: false },
];
const INPUTS: PopupInput[] = [
  { popupId: 7, seen: false },
  { popupId: 7, seen: true },
];

describe('popupMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('popup', popupMachine, machinePaths(popupMachine, { inputs: INPUTS, events: EVENTS }));
  });

  it('shows an unseen popup once mounted and records it as viewed; a seen one stays hidden', () => {
    const log = actionLog('recordViewed', 'saveDontShowAgain', 'logTap');
    const shown = createActor(popupMachine.provide({ actions: log.actions }), { input: INPUTS[0] }).start();
    expect(shown.getSnapshot().value).toBe('unmounted');
    expect(log.calls).toEqual([]);
    shown.send({ type: 'popup.mounted' });
    expect(shown.getSnapshot().value).toBe('shown');
    expect(log.calls).toEqual([['recordViewed', { popupId: 7 }]]);

    const seen = createActor(popupMachine.provide({ actions: log.actions }), { input: INPUTS[1] }).start();
    seen.send({ type: 'popup.mounted' });
    expect(seen.getSnapshot().value).toBe('hidden');
    expect(log.calls).toHaveLength(1);
  });

  it('"Don\'t show again" stores its flag per popup; following logs the tap and removes it', () => {
    const log = actionLog('recordViewed', 'saveDontShowAgain', 'logTap');
    const a = createActor(popupMachine.provide({ actions: log.actions }), { input: INPUTS[0] }).start();
    a.send({ type: 'popup.mounted' });
    a.send({ type: 'popup.dontShowAgain', checked: true });
    expect(a.getSnapshot().context.dontShowAgain).toBe(true);
    a.send({ type: 'popup.follow' });
    expect(a.getSnapshot().value).toBe('hidden');
    expect(log.calls.slice(1)).toEqual([
      ['saveDontShowAgain', { popupId: 7, checked: true }],
      ['logTap', { popupId: 7 }],
    ]);
    expect(after(popupMachine, INPUTS[0], [{ type: 'popup.mounted' }, { type: 'popup.close' }]).value).toBe('hidden');
  });
});
