import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { favoriteToggleMachine, type FavoriteToggleEvent } from './favoriteToggleMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const FAIL: FavoriteToggleEvent = { type: 'favorite.failed', message: 'Network error' };
const EVENTS: FavoriteToggleEvent[] = [{ type: 'favorite.toggle' }, { type: 'favorite.done' }, FAIL, { type: 'error.dismiss' }];
const INPUTS = [{ subscribed: false }, { subscribed: true }];

describe('favoriteToggleMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('favoriteToggle', favoriteToggleMachine, machinePaths(favoriteToggleMachine, { inputs: INPUTS, events: EVENTS }));
  });

  it('subscribes and unsubscribes, marking the favorites list stale on success; notifications are offered after the favorite is saved', () => {
    const log = actionLog('subscribe', 'unsubscribe', 'markFavoritesStale', 'offerNotifications');
    const a = createActor(favoriteToggleMachine.provide({ actions: log.actions }), { input: INPUTS[0] }).start();
    expect(a.getSnapshot().value).toBe('notSubscribed');
    a.send({ type: 'favorite.toggle' });
    expect(a.getSnapshot().value).toBe('subscribing');
    // Nothing asks for notifications while the favorite is being saved.
    expect(log.names()).toEqual(['subscribe']);
    a.send({ type: 'favorite.done' });
    expect(a.getSnapshot().value).toBe('subscribed');
    a.send({ type: 'favorite.toggle' });
    a.send({ type: 'favorite.done' });
    expect(a.getSnapshot().value).toBe('notSubscribed');
    expect(log.names()).toEqual(['subscribe', 'markFavoritesStale', 'offerNotifications', 'unsubscribe', 'markFavoritesStale']);
    // With what was saved.
    expect(log.calls.filter(([n]) => n === 'markFavoritesStale').map(([, p]) => p)).toEqual([{ subscribed: true }, { subscribed: false }]);
  });

  it('a failure restores the toggle and shows the error until dismissed or retried', () => {
    const log = actionLog('markFavoritesStale');
    const failed = after(favoriteToggleMachine.provide({ actions: log.actions }), INPUTS[1], [{ type: 'favorite.toggle' }, FAIL]);
    expect(failed.value).toBe('subscribed');
    expect(failed.context.error).toBe('Network error');
    expect(log.calls).toEqual([]);
    expect(after(favoriteToggleMachine, INPUTS[1], [{ type: 'favorite.toggle' }, FAIL, { type: 'error.dismiss' }]).context.error).toBe(
      null,
    );
    expect(after(favoriteToggleMachine, INPUTS[0], [{ type: 'favorite.toggle' }, FAIL, { type: 'favorite.toggle' }]).context.error).toBe(
      null,
    );
  });
});
