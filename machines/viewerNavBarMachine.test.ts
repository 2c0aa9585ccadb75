import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { viewerNavBarMachine, type ViewerNavBarEvent } from './viewerNavBarMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const NEAR_END: ViewerNavBarEvent = { type: 'page.changed', nearEnd: true };
const AWAY: ViewerNavBarEvent = { type: 'page.changed', nearEnd: false };
const EVENTS: ViewerNavBarEvent[] = [{ type: 'navbar.tap' }, { type: 'navbar.elapsed' }, { type: 'menu.toggled' }, NEAR_END, AWAY];

describe('viewerNavBarMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('viewerNavBar', viewerNavBarMachine, machinePaths(viewerNavBarMachine, { inputs: [{}], events: EVENTS }));
  });

  it('shows on opening and hides when the injected clock says 2 s passed', () => {
    const log = actionLog('startHideTimer', 'cancelHideTimer');
    const a = createActor(viewerNavBarMachine.provide({ actions: log.actions }), { input: {} }).start();
    expect(a.getSnapshot().value).toBe('opening');
    a.send({ type: 'navbar.elapsed' });
    expect(a.getSnapshot().value).toBe('hidden');
    expect(log.names()).toEqual(['startHideTimer', 'cancelHideTimer']);
    a.send({ type: 'navbar.elapsed' });
    expect(a.getSnapshot().value).toBe('hidden');
  });

  it('a menu toggle stops the auto-hide; a centre tap toggles the bar', () => {
    expect(after(viewerNavBarMachine, {}, [{ type: 'menu.toggled' }, { type: 'navbar.elapsed' }]).value).toBe('shown');
    expect(after(viewerNavBarMachine, {}, [{ type: 'navbar.tap' }]).value).toBe('hidden');
    expect(after(viewerNavBarMachine, {}, [{ type: 'navbar.tap' }, { type: 'navbar.tap' }]).value).toBe('shown');
  });

  it('within the last two pages the bar is forced visible and taps are ignored', () => {
    const forced = after(viewerNavBarMachine, {}, [{ type: 'navbar.tap' }, NEAR_END, { type: 'navbar.tap' }, { type: 'navbar.elapsed' }]);
    expect(forced.value).toBe('forced');
    expect(forced.context.nearEnd).toBe(true);
    const away = after(viewerNavBarMachine, {}, [NEAR_END, AWAY]);
    expect(away.value).toBe('shown');
    expect(away.context.nearEnd).toBe(false);
    expect(after(viewerNavBarMachine, {}, [AWAY]).value).toBe('opening');
  });
});
