import { assign, setup } from 'xstate';

/**
 * A server popup (000 §2 Popups, 001 §4): shown once mounted unless already
 * seen (home: its id is in the viewed list; rating: "Don't show again" was
 * ticked), and then recorded as viewed. A click outside or on the close icon
 * removes it, as does following its action. "Don't show again" stores a
 * flag per popup id.
 */
export interface PopupInput {
  popupId: number;
  /** In the viewed list, or its "Don't show again" flag is set. */
  seen: boolean;
}

export type PopupEvent =
  { type: 'popup.mounted' } | { type: 'popup.close' } | { type: 'popup.follow' } | { type: 'popup.dontShowAgain'; checked: boolean };

export const popupMachine = setup({
  types: {
    input: {} as PopupInput,
    context: {} as PopupInput & { dontShowAgain: boolean },
    events: {} as PopupEvent,
  },
  actions: {
    recordViewed: (_, _p: { popupId: number }) => {},
    saveDontShowAgain: (_, _p: { popupId: number; checked: boolean }) => {},
    logTap: (_, _p: { popupId: number }) => {},
  },
  guards: {
    isSeen: ({ context }) => context.seen,
  },
}).createMachine({
  id: 'popup',
  context: ({ input }) => ({ ...input, dontShowAgain: false }),
  initial: 'unmounted',
  states: {
    unmounted: {
      on: { 'popup.mounted': 'deciding' },
    },
    deciding: {
      always: [{ guard: 'isSeen', target: 'hidden' }, { target: 'shown' }],
    },
    shown: {
      entry: { type: 'recordViewed', params: ({ context }) => ({ popupId: context.popupId }) },
      on: {
        'popup.close': 'hidden',
        'popup.follow': { target: 'hidden', actions: { type: 'logTap', params: ({ context }) => ({ popupId: context.popupId }) } },
        'popup.dontShowAgain': {
          actions: [
            assign({ dontShowAgain: ({ event }) => event.checked }),
            { type: 'saveDontShowAgain', params: ({ context, event }) => ({ popupId: context.popupId, checked: event.checked }) },
          ],
        },
      },
    },
    hidden: {},
  },
});
