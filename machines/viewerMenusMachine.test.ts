import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { viewerMenusMachine, type ViewerMenu, type ViewerMenusEvent } from './viewerMenusMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const MENUS: ViewerMenu[] = ['settings', 'language', 'chapters'];
const toggle = (menu: ViewerMenu): ViewerMenusEvent => ({ type: 'menu.toggle', menu });

describe('viewerMenusMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'viewerMenus',
      viewerMenusMachine,
      machinePaths(viewerMenusMachine, {
        events: [...MENUS.map(toggle), { type: 'menu.close' }],
        // From each open menu, every button and the close (simple paths explode: every menu reaches every other).
        sequences: () =>
          MENUS.flatMap((open) => [...MENUS.map((next) => [toggle(open), toggle(next)]), [toggle(open), { type: 'menu.close' }]]),
      }),
    );
  });

  it('one menu at a time: opening one closes the other, its own button closes it', () => {
    for (const open of MENUS)
      for (const next of MENUS)
        expect(after(viewerMenusMachine, undefined, [toggle(open), toggle(next)]).value).toBe(open === next ? 'closed' : next);
    for (const open of MENUS) expect(after(viewerMenusMachine, undefined, [toggle(open), { type: 'menu.close' }]).value).toBe('closed');
  });

  it('reports every toggle, not a close with nothing open', () => {
    const log = actionLog('notifyToggled');
    const a = createActor(viewerMenusMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'menu.close' });
    a.send(toggle('settings'));
    a.send(toggle('chapters'));
    a.send({ type: 'menu.close' });
    expect(log.calls).toHaveLength(3);
  });
});
