import { setup } from 'xstate';

/**
 * The viewer's menus: settings modal, language modal and chapter side menu.
 * They are mutually exclusive: opening one closes the other. Every toggle is
 * reported (`notifyToggled`) so the navigation bar stops auto-hiding.
 */
export type ViewerMenu = 'settings' | 'language' | 'chapters';

export type ViewerMenusEvent = { type: 'menu.toggle'; menu: ViewerMenu } | { type: 'menu.close' };

export const viewerMenusMachine = setup({
  types: {
    events: {} as ViewerMenusEvent,
  },
  actions: {
    notifyToggled: () => {},
  },
  guards: {
    isSettings: ({ event }) => 'menu' in event && event.menu === 'settings',
    isLanguage: ({ event }) => 'menu' in event && event.menu === 'language',
    isChapters: ({ event }) => 'menu' in event && event.menu === 'chapters',
  },
}).createMachine({
  id: 'viewerMenus',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'menu.toggle': [
          { guard: 'isSettings', target: 'settings', actions: 'notifyToggled' },
          { guard: 'isLanguage', target: 'language', actions: 'notifyToggled' },
          { guard: 'isChapters', target: 'chapters', actions: 'notifyToggled' },
        ],
      },
    },
    settings: {
      on: {
        'menu.close': { target: 'closed', actions: 'notifyToggled' },
        'menu.toggle': [
          { guard: 'isSettings', target: 'closed', actions: 'notifyToggled' },
          { guard: 'isLanguage', target: 'language', actions: 'notifyToggled' },
          { guard: 'isChapters', target: 'chapters', actions: 'notifyToggled' },
        ],
      },
    },
    language: {
      on: {
        'menu.close': { target: 'closed', actions: 'notifyToggled' },
        'menu.toggle': [
          { guard: 'isLanguage', target: 'closed', actions: 'notifyToggled' },
          { guard: 'isSettings', target: 'settings', actions: 'notifyToggled' },
          { guard: 'isChapters', target: 'chapters', actions: 'notifyToggled' },
        ],
      },
    },
    chapters: {
      on: {
        'menu.close': { target: 'closed', actions: 'notifyToggled' },
        'menu.toggle': [
          { guard: 'isChapters', target: 'closed', actions: 'notifyToggled' },
          { guard: 'isSettings', target: 'settings', actions: 'notifyToggled' },
          { guard: 'isLanguage', target: 'language', actions: 'notifyToggled' },
        ],
      },
    },
  },
});
