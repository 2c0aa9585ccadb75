import { assign, setup } from 'xstate';

/**
 * The feedback form (001 §2, §4, §5): type (suggestion or report, default
 * report) and message; send is enabled only for a non-empty message of at
 * most 5000 characters; form, then submitted. A failure keeps the text and
 * raises the alert "Error! Please wait a moment" (001 §8), until dismissed
 * or the message changes.
 */
export const MESSAGE_MAX = 5000;
export type FeedbackType = 'suggestion' | 'report';

export interface FeedbackContext {
  type: FeedbackType;
  message: string;
  failed: boolean;
}

export type FeedbackEvent =
  | { type: 'type.set'; value: FeedbackType }
  | { type: 'message.change'; value: string }
  | { type: 'form.send' }
  | { type: 'send.done' }
  | { type: 'send.failed' }
  | { type: 'failure.dismiss' };

export const canSend = (c: FeedbackContext) => c.message.trim() !== '' && [...c.message].length <= MESSAGE_MAX;

export const feedbackMachine = setup({
  types: { context: {} as FeedbackContext, events: {} as FeedbackEvent },
  actions: { send: (_, _p: { type: FeedbackType; message: string }) => {} },
  guards: { canSend: ({ context }) => canSend(context), failed: ({ context }) => context.failed },
}).createMachine({
  id: 'feedback',
  context: { type: 'report', message: '', failed: false },
  initial: 'form',
  states: {
    form: {
      on: {
        'type.set': { actions: assign({ type: ({ event }) => event.value }) },
        'message.change': { actions: assign({ message: ({ event }) => event.value, failed: false }) },
        'form.send': { guard: 'canSend', target: 'sending' },
        'failure.dismiss': { guard: 'failed', actions: assign({ failed: false }) },
      },
    },
    sending: {
      entry: { type: 'send', params: ({ context }) => ({ type: context.type, message: context.message }) },
      on: {
        'send.done': 'submitted',
        'send.failed': { target: 'form', actions: assign({ failed: true }) },
      },
    },
    submitted: {},
  },
});
