import { assign, setup } from 'xstate';
import { resolveMode, type ViewerMode } from '../core/viewer/viewerMode';

/**
 * Reading direction of the viewer (documents: section 4). Vertical-only and
 * horizontal-only chapters force their mode; otherwise the reader's stored
 * choice applies (default vertical). Choosing the other direction in the
 * settings menu (the documents' toggle) stores the choice, reports it to
 * analytics (`trackDirectionChange`) and shows a toast, which the injected
 * clock hides (`startToastTimer` → `toast.elapsed`). The pages are rebuilt by
 * whoever watches the state (the viewer session re-lays them out on a new mode),
 * not by an action. Chapter data that arrives again
 * (a resolution change refetches it) re-applies its constraints.
 */
export type ViewerModeEvent =
  | { type: 'mode.set'; mode: ViewerMode }
  | { type: 'chapter.loaded'; verticalOnly: boolean; horizontalOnly: boolean }
  | { type: 'toast.elapsed' };

export interface ViewerModeInput {
  stored?: ViewerMode | null;
  verticalOnly?: boolean;
  horizontalOnly?: boolean;
}

interface Ctx {
  preferred: ViewerMode;
  verticalOnly: boolean;
  horizontalOnly: boolean;
  toast: boolean;
}

export const viewerModeMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as ViewerModeEvent,
    input: {} as ViewerModeInput, // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion -- XState infers the input type from this assertion (without it: {})
  },
  actions: {
    saveMode: (_, _p: { mode: ViewerMode }) => {},
    trackDirectionChange: () => {},
    startToastTimer: () => {},
    showToast: assign({ toast: true }),
    hideToast: assign({ toast: false }),
    preferVertical: assign({ preferred: 'vertical' as ViewerMode }),
    preferHorizontal: assign({ preferred: 'horizontal' as ViewerMode }),
    setConstraints: assign(({ event, context }) =>
      event.type === 'chapter.loaded' ? { verticalOnly: event.verticalOnly, horizontalOnly: event.horizontalOnly } : context,
    ),
  },
  guards: {
    isVerticalOnly: ({ context }) => resolveMode(context) === 'verticalOnly',
    isHorizontalOnly: ({ context }) => resolveMode(context) === 'horizontalOnly',
    prefersHorizontal: ({ context }) => resolveMode(context) === 'horizontal',
    wantsHorizontal: ({ event }) => event.type === 'mode.set' && event.mode === 'horizontal',
    wantsVertical: ({ event }) => event.type === 'mode.set' && event.mode === 'vertical',
  },
}).createMachine({
  id: 'viewerMode',
  context: ({ input }) => ({
    preferred: input.stored ?? 'vertical',
    verticalOnly: input.verticalOnly ?? false,
    horizontalOnly: input.horizontalOnly ?? false,
    toast: false,
  }),
  initial: 'resolving',
  on: {
    'chapter.loaded': { target: '.resolving', actions: 'setConstraints' },
    'toast.elapsed': { actions: 'hideToast' },
  },
  states: {
    resolving: {
      always: [
        { guard: 'isVerticalOnly', target: 'verticalOnly' },
        { guard: 'isHorizontalOnly', target: 'horizontalOnly' },
        { guard: 'prefersHorizontal', target: 'horizontal' },
        { target: 'vertical' },
      ],
    },
    vertical: {
      on: {
        'mode.set': {
          guard: 'wantsHorizontal',
          target: 'horizontal',
          actions: [
            'preferHorizontal',
            { type: 'saveMode', params: { mode: 'horizontal' } },
            'trackDirectionChange',
            'showToast',
            'startToastTimer',
          ],
        },
      },
    },
    horizontal: {
      on: {
        'mode.set': {
          guard: 'wantsVertical',
          target: 'vertical',
          actions: [
            'preferVertical',
            { type: 'saveMode', params: { mode: 'vertical' } },
            'trackDirectionChange',
            'showToast',
            'startToastTimer',
          ],
        },
      },
    },
    /** Forced: toggles are ignored. */
    verticalOnly: {},
    horizontalOnly: {},
  },
});
