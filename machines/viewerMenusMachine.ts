import { setup } from 'xstate';

/**
 * The viewer's menus: settings modal, language modal and chapter side menu,
 * one at a time. A menu opens from its header button, which is reachable only
 * while every menu is closed: an open menu covers the header (a modal, or the
 * side menu over a backdrop), so the only way on from an open menu is closing
 * it (its close button, Escape, the backdrop, or picking a language or a
 * chapter). Every open and close is reported (`notifyToggled`) so the
 * navigation bar stops auto-hiding.
 */
export type ViewerMenu = 'settings' | 'language' | 'chapters';

export type ViewerMenusEvent = { type: 'menu.open'; menu: ViewerMenu } | { type: 'menu.close' };

const close = { 'menu.close': { target: 'closed', actions: 'notifyToggled' } } as const;

export const viewerMenusMachine = setup({
  types: {
    events: {} as ViewerMenusEvent,
  },
  actions: {
    notifyToggled: () => {},
  },
  guards: {
    isSettings: ({ event }) => event.type === 'menu.open' && event.menu === 'settings',
    isLanguage: ({ event }) => event.type === 'menu.open' && event.menu === 'language',
  },
}).createMachine({
  id: 'viewerMenus',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'menu.open': [
          { guard: 'isSettings', target: 'settings', actions: 'notifyToggled' },
          { guard: 'isLanguage', target: 'language', actions: 'notifyToggled' },
          { target: 'chapters', actions: 'notifyToggled' },
        ],
      },
    },
    settings: { on: close },
    language: { on: close },
    chapters: { on: close },
  },
});
