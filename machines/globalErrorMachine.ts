import { setup } from 'xstate';

/**
 * The global error state (000 §4, §8; 001 §4): none, or maintenance,
 * geo-blocking or default, set from the error action of a failed screen
 * load. The shell shows the matching screen instead of the routed content;
 * navigation clears it.
 */
type GlobalErrorKind = 'maintenance' | 'geoBlocking' | 'default';

export type GlobalErrorEvent = { type: 'error.reported'; kind: GlobalErrorKind } | { type: 'route.changed' };

export const globalErrorMachine = setup({
  types: { events: {} as GlobalErrorEvent },
  guards: {
    isMaintenance: ({ event }) => event.type === 'error.reported' && event.kind === 'maintenance',
    isGeoBlocking: ({ event }) => event.type === 'error.reported' && event.kind === 'geoBlocking',
  },
}).createMachine({
  id: 'globalError',
  initial: 'none',
  on: {
    'error.reported': [
      { guard: 'isMaintenance', target: '.maintenance' },
      { guard: 'isGeoBlocking', target: '.geoBlocking' },
      { target: '.default' },
    ],
  },
  states: {
    none: {},
    maintenance: { on: { 'route.changed': 'none' } },
    geoBlocking: { on: { 'route.changed': 'none' } },
    default: { on: { 'route.changed': 'none' } },
  },
});
