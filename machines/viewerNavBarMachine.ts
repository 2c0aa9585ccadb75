import { assign, setup } from 'xstate';

/**
 * The viewer's navigation bar (documents: section 4). Shown when the viewer
 * opens and hidden 2000 ms later unless a menu was toggled meanwhile; a
 * centre tap toggles it, except within the last two pages where it is forced
 * visible. Time comes from an injected clock: `startHideTimer` schedules,
 * the actor receives `navbar.elapsed`.
 */
export type ViewerNavBarEvent =
  { type: 'navbar.tap' } | { type: 'navbar.elapsed' } | { type: 'menu.toggled' } | { type: 'page.changed'; nearEnd: boolean };

export interface ViewerNavBarInput {
  nearEnd?: boolean;
}

export const viewerNavBarMachine = setup({
  types: {
    context: {} as { nearEnd: boolean },
    events: {} as ViewerNavBarEvent,
    input: {} as ViewerNavBarInput, // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion -- XState infers the input type from this assertion (without it: {})
  },
  actions: {
    startHideTimer: () => {},
    cancelHideTimer: () => {},
  },
  guards: {
    isNearEnd: ({ event }) => event.type === 'page.changed' && event.nearEnd,
    isAwayFromEnd: ({ event }) => event.type === 'page.changed' && !event.nearEnd,
  },
}).createMachine({
  id: 'viewerNavBar',
  context: ({ input }) => ({ nearEnd: input.nearEnd ?? false }),
  initial: 'opening',
  states: {
    /** Visible right after opening, with the hide timer running. */
    opening: {
      entry: 'startHideTimer',
      exit: 'cancelHideTimer',
      on: {
        'navbar.elapsed': { target: 'hidden' },
        'navbar.tap': { target: 'hidden' },
        'menu.toggled': { target: 'shown' },
        'page.changed': { guard: 'isNearEnd', target: 'forced' },
      },
    },
    shown: {
      on: {
        'navbar.tap': { target: 'hidden' },
        'page.changed': { guard: 'isNearEnd', target: 'forced' },
      },
    },
    hidden: {
      on: {
        'navbar.tap': { target: 'shown' },
        'menu.toggled': { target: 'shown' },
        'page.changed': { guard: 'isNearEnd', target: 'forced' },
      },
    },
    /** Within the last two pages: always visible, taps ignored. */
    forced: {
      entry: assign({ nearEnd: true }),
      exit: assign({ nearEnd: false }),
      on: {
        'page.changed': { guard: 'isAwayFromEnd', target: 'shown' },
      },
    },
  },
});
