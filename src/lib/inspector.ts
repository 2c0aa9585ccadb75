import type { InspectionEvent } from 'xstate';

/**
 * The one inspector every actor of the app is created with
 * (`useMachine(machine, { inspect })`, `createActor(machine, { inspect })`),
 * so the machine explorer (/machines) can show the live actors.
 * Listeners are added by the explorer; with none, this costs one call.
 */
type Listener = (e: InspectionEvent) => void;
const listeners = new Set<Listener>();

export function inspect(e: InspectionEvent): void {
  for (const l of listeners) l(e);
}

export function addInspectionListener(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
