import { assign, setup } from 'xstate';
import { DEFAULT_KEYS, keyConflict, normalKey, type KeyMap, type ReaderAction } from '../core/viewer/controls';

/**
 * Remapping the viewer's keys (the settings modal's "Controls" section):
 * idle until the reader asks to record an action's key; recording takes the
 * next key pressed (a lone modifier is waited past, Escape gives up). A key
 * with a fixed meaning (Space, the arrows, Escape…) or already another
 * action's is refused: `conflict` says why and keeps listening for another
 * key. An accepted key, or a reset to the defaults, is saved through the
 * injected `saveKeys` action (per visitor) and shown as `saved`.
 */
export type KeyRemapEvent =
  { type: 'record'; action: ReaderAction } | { type: 'key'; key: string } | { type: 'cancel' } | { type: 'reset' };

export interface KeyRemapContext {
  keys: KeyMap;
  /** The action whose key is being recorded (or was last). */
  action: ReaderAction | null;
  /** The refused key and why: reserved, or the action that has it. */
  conflict: { key: string; with: ReaderAction | null } | null;
}

const machine = setup({
  types: {
    context: {} as KeyRemapContext,
    events: {} as KeyRemapEvent,
    input: {} as { keys: KeyMap },
  },
  actions: {
    saveKeys: (_, _keys: KeyMap) => {},
    startRecording: assign(({ event }) => (event.type === 'record' ? { action: event.action, conflict: null } : {})),
    bind: assign(({ context, event }) => {
      const k = event.type === 'key' ? normalKey(event.key) : null;
      return k && context.action ? { keys: { ...context.keys, [context.action]: k }, conflict: null } : {};
    }),
    refuse: assign(({ context, event }) => {
      const k = event.type === 'key' ? normalKey(event.key) : null;
      if (!k || !context.action) return {};
      const c = keyConflict(context.keys, context.action, k);
      return { conflict: { key: k, with: c && 'with' in c ? c.with : null } };
    }),
    clear: assign({ action: null, conflict: null }),
    resetKeys: assign({ keys: DEFAULT_KEYS, action: null, conflict: null }),
  },
  guards: {
    lonelyModifier: ({ event }) => event.type === 'key' && normalKey(event.key) === null,
    giveUp: ({ event }) => event.type === 'key' && event.key === 'Escape',
    conflicting: ({ context, event }) =>
      event.type === 'key' && context.action !== null && keyConflict(context.keys, context.action, normalKey(event.key) ?? '') !== null,
  },
});

const saveKeys = { type: 'saveKeys', params: ({ context }: { context: KeyRemapContext }) => context.keys } as const;

/** Recording or refused: the next key is taken, refused again, or gives up. */
const LISTENING = {
  key: [
    { guard: 'lonelyModifier' },
    { guard: 'giveUp', target: 'idle', actions: 'clear' },
    { guard: 'conflicting', target: 'conflict', actions: 'refuse' },
    { target: 'saved', actions: ['bind', saveKeys] },
  ],
  cancel: { target: 'idle', actions: 'clear' },
} as const;

export const keyRemapMachine = machine.createMachine({
  id: 'keyRemap',
  context: ({ input }) => ({ keys: input.keys, action: null, conflict: null }),
  initial: 'idle',
  on: {
    record: { target: '.recording', actions: 'startRecording' },
    reset: { target: '.saved', actions: ['resetKeys', saveKeys] },
  },
  states: {
    idle: {},
    /** Waiting for the key of `action`. */
    recording: {
      on: LISTENING,
    },
    /** The key pressed was refused (the message shows); still listening. */
    conflict: {
      on: LISTENING,
    },
    /** The new key (or the defaults) stored. */
    saved: {},
  },
});
