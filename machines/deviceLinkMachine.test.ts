import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CODE_TTL_MS, POLL_MS, deviceLinkMachine, type DeviceLinkEvent } from './deviceLinkMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';
import { device, view, ALONE, ASKED, WAITING, LINKED, status, CLAIM } from '../tests/model/deviceLinkViews';

const MADE: DeviceLinkEvent = { type: 'code.made', view: view({ code: 'ABCD2345' }) };
const CLAIMED: DeviceLinkEvent = { type: 'code.claimed', view: WAITING };

const EVENTS: DeviceLinkEvent[] = [
  { type: 'poll.elapsed' },
  ...[ALONE, ASKED, WAITING, LINKED].map(status),
  { type: 'code.make' },
  MADE,
  { type: 'code.expired' },
  CLAIM,
  CLAIMED,
  { type: 'link.confirm', name: 'Desk' },
  { type: 'link.confirmed', view: LINKED },
  { type: 'link.decline' },
  { type: 'link.declined', view: ALONE },
  { type: 'device.unlink', id: 'b2' },
  { type: 'device.unlinked', view: ALONE },
  { type: 'call.failed', problem: 'tooMany' },
  { type: 'call.failed', problem: 'badCode' },
  { type: 'call.failed', problem: 'failed' },
];
const EFFECTS = [
  'loadStatus',
  'schedulePoll',
  'makeCode',
  'startExpiryTimer',
  'stopExpiryTimer',
  'claimCode',
  'confirmLink',
  'declineLink',
  'unlinkDevice',
  'followLink',
  'adoptSettings',
] as const;

describe('deviceLinkMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'deviceLink',
      deviceLinkMachine,
      machinePaths(deviceLinkMachine, {
        events: EVENTS,
        // A poll, a status that says this device still waits, and one while a request is answered (ignored): no new
        // state, so no shortest path takes them.
        sequences: () => [
          [{ type: 'poll.elapsed' }],
          [CLAIM, CLAIMED, status(WAITING)],
          [status(ASKED), { type: 'link.confirm', name: 'Desk' }, status(ALONE)],
          [status(ASKED), { type: 'link.decline' }, status(ALONE)],
        ],
      }),
    );
  });

  it('asks the status as it opens and at every poll, on the injected clock', () => {
    const log = actionLog(...EFFECTS);
    const a = createActor(deviceLinkMachine.provide({ actions: log.actions })).start();
    expect(log.calls).toEqual([
      ['loadStatus', undefined],
      ['schedulePoll', { ms: POLL_MS }],
    ]);
    a.send({ type: 'poll.elapsed' });
    expect(log.names().slice(2)).toEqual(['loadStatus', 'schedulePoll']);
    expect(POLL_MS).toBe(2000);
    a.stop();
  });

  it('shows a code for 10 minutes, then that it expired; a new one can be made from there', () => {
    const log = actionLog(...EFFECTS);
    const a = createActor(deviceLinkMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'code.make' });
    expect(a.getSnapshot().value).toBe('making');
    a.send(MADE);
    expect(a.getSnapshot().value).toEqual({ free: 'shown' });
    expect(a.getSnapshot().context.code).toBe('ABCD2345');
    expect(log.calls).toContainEqual(['startExpiryTimer', { ms: CODE_TTL_MS }]);
    expect(CODE_TTL_MS).toBe(600_000);
    a.send({ type: 'code.expired' });
    expect(a.getSnapshot().value).toEqual({ free: 'expired' });
    expect(log.names()).toContain('stopExpiryTimer');
    a.send({ type: 'code.make' });
    a.send({ type: 'code.made', view: view({ code: 'WXYZ6789' }) });
    expect(a.getSnapshot().value).toEqual({ free: 'shown' });
    expect(a.getSnapshot().context.code).toBe('WXYZ6789');
    // The code's timer stops when something else takes the screen (a request to confirm).
    const stops = log.names().filter((n) => n === 'stopExpiryTimer').length;
    a.send(status(ASKED));
    expect(a.getSnapshot().value).toBe('asked');
    expect(log.names().filter((n) => n === 'stopExpiryTimer').length).toBe(stops + 1);
    a.stop();
  });

  it('the other device: claims, waits while the status says so, then is linked (taking the settings) or declined', () => {
    const log = actionLog(...EFFECTS);
    const a = createActor(deviceLinkMachine.provide({ actions: log.actions })).start();
    a.send(CLAIM);
    expect(log.calls).toContainEqual(['claimCode', { code: 'ABCD2345', name: 'Phone' }]);
    a.send(CLAIMED);
    a.send(status(WAITING));
    a.send({ type: 'code.make' });
    expect(a.getSnapshot().value).toBe('waiting');
    a.send(status(LINKED));
    expect(a.getSnapshot().value).toEqual({ free: 'linked' });
    expect(a.getSnapshot().context.devices).toHaveLength(2);
    expect(log.names().filter((n) => n === 'adoptSettings')).toHaveLength(1);
    expect(log.calls.filter(([n]) => n === 'followLink').at(-1)).toEqual(['followLink', { linked: true }]);
    a.stop();

    const declined = after(deviceLinkMachine, undefined, [CLAIM, CLAIMED, status(ALONE)]);
    expect(declined.value).toEqual({ free: 'declined' });
    // A device already linked elsewhere that is declined stays in its group: declined, not linked.
    const stayed = after(deviceLinkMachine, undefined, [status(LINKED), CLAIM, CLAIMED, status(LINKED)]);
    expect(stayed.value).toEqual({ free: 'declined' });
    const moved = view({ devices: [device('c3', 'Tablet', false), device('d4', 'Desk', true)] });
    expect(after(deviceLinkMachine, undefined, [status(LINKED), CLAIM, CLAIMED, status(moved)]).value).toEqual({ free: 'linked' });
    // Opened again while it waits: it waits.
    expect(after(deviceLinkMachine, undefined, [status(WAITING)]).value).toBe('waiting');
  });

  it('the first device: a request to confirm, confirmed with its name, or declined; gone when the code expired', () => {
    const log = actionLog(...EFFECTS);
    const a = createActor(deviceLinkMachine.provide({ actions: log.actions })).start();
    a.send(status(ASKED));
    expect(a.getSnapshot().context.pendingName).toBe('Phone');
    a.send({ type: 'link.confirm', name: 'Desk' });
    expect(log.calls).toContainEqual(['confirmLink', { name: 'Desk' }]);
    a.send({ type: 'link.confirmed', view: LINKED });
    expect(a.getSnapshot().value).toEqual({ free: 'linked' });
    expect(log.names()).not.toContain('adoptSettings');
    a.stop();
    expect(
      after(deviceLinkMachine, undefined, [status(ASKED), { type: 'link.decline' }, { type: 'link.declined', view: ALONE }]).value,
    ).toEqual({
      free: 'idle',
    });
    expect(after(deviceLinkMachine, undefined, [status(ASKED), status(ALONE)]).value).toEqual({ free: 'idle' });
    expect(after(deviceLinkMachine, undefined, [status(ASKED), status(ASKED)]).value).toBe('asked');
  });

  it('a failed call says why and leaves the same action to try again; the next action clears it', () => {
    const tooMany = after(deviceLinkMachine, undefined, [{ type: 'code.make' }, { type: 'call.failed', problem: 'tooMany' }]);
    expect(tooMany.value).toEqual({ free: 'idle' });
    expect(tooMany.context.problem).toBe('tooMany');
    const bad = after(deviceLinkMachine, undefined, [CLAIM, { type: 'call.failed', problem: 'badCode' }]);
    expect(bad.context.problem).toBe('badCode');
    expect(after(deviceLinkMachine, undefined, [CLAIM, { type: 'call.failed', problem: 'badCode' }, CLAIM]).context.problem).toBe(null);
    // Confirming or declining fails back to the request.
    const confirm = after(deviceLinkMachine, undefined, [
      status(ASKED),
      { type: 'link.confirm', name: 'Desk' },
      { type: 'call.failed', problem: 'failed' },
    ]);
    expect(confirm.value).toBe('asked');
    expect(confirm.context.problem).toBe('failed');
    // While the answer is awaited a status changes nothing (the request stays on screen); the next poll says it is gone.
    const gone = after(deviceLinkMachine, undefined, [
      status(ASKED),
      { type: 'link.decline' },
      status(ALONE),
      { type: 'call.failed', problem: 'badCode' },
    ]);
    expect(gone.value).toBe('asked');
    expect(gone.context.pendingName).toBe('Phone');
    expect(
      after(deviceLinkMachine, undefined, [
        status(ASKED),
        { type: 'link.decline' },
        status(ALONE),
        { type: 'call.failed', problem: 'badCode' },
        status(ALONE),
      ]).value,
    ).toEqual({ free: 'idle' });
  });

  it('one call at a time; only a listed device is unlinked', () => {
    expect(after(deviceLinkMachine, undefined, [{ type: 'code.make' }, CLAIM]).value).toBe('making');
    expect(after(deviceLinkMachine, undefined, [CLAIM, { type: 'code.make' }]).value).toBe('claiming');
    expect(after(deviceLinkMachine, undefined, [{ type: 'device.unlink', id: 'b2' }]).value).toEqual({ free: 'idle' });
    const log = actionLog(...EFFECTS);
    const a = createActor(deviceLinkMachine.provide({ actions: log.actions })).start();
    a.send(status(LINKED));
    a.send({ type: 'device.unlink', id: 'b2' });
    expect(log.calls).toContainEqual(['unlinkDevice', { id: 'b2' }]);
    // A status arriving meanwhile updates the list but keeps the call.
    a.send(status(LINKED));
    expect(a.getSnapshot().value).toBe('unlinking');
    a.send({ type: 'device.unlinked', view: ALONE });
    expect(a.getSnapshot().value).toEqual({ free: 'idle' });
    expect(a.getSnapshot().context.devices).toEqual([]);
    expect(log.calls.filter(([n]) => n === 'followLink').at(-1)).toEqual(['followLink', { linked: false }]);
    a.stop();
  });
});
