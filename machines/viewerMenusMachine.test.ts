import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { viewerMenusMachine, type ViewerMenu, type ViewerMenusEvent } from './viewerMenusMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const MENUS: ViewerMenu[] = ['settings', 'language', 'chapters'];
const open = (menu: ViewerMenu): ViewerMenusEvent => ({ type: 'menu.open', menu });
const CLOSE: ViewerMenusEvent = { type: 'menu.close' };

describe('viewerMenusMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'viewerMenus',
      viewerMenusMachine,
      machinePaths(viewerMenusMachine, {
        events: [...MENUS.map(open), CLOSE],
        // Each menu opened and closed again.
        sequences: () => MENUS.map((m) => [open(m), CLOSE]),
      }),
    );
  });

  it('each button opens its menu; an open menu only closes (the header is under it)', () => {
    for (const m of MENUS) {
      expect(after(viewerMenusMachine, undefined, [open(m)]).value).toBe(m);
      expect(after(viewerMenusMachine, undefined, [open(m), CLOSE]).value).toBe('closed');
      for (const other of MENUS) {
        const s = after(viewerMenusMachine, undefined, [open(m)]);
        expect(s.can(open(other))).toBe(false);
        expect(after(viewerMenusMachine, undefined, [open(m), open(other)]).value).toBe(m);
      }
    }
  });

  it('reports every open and close, not a close with nothing open', () => {
    const log = actionLog('notifyToggled');
    const a = createActor(viewerMenusMachine.provide({ actions: log.actions })).start();
    a.send(CLOSE);
    a.send(open('settings'));
    a.send(open('chapters'));
    a.send(CLOSE);
    a.send(open('chapters'));
    a.send(CLOSE);
    expect(log.calls).toHaveLength(4);
  });
});
