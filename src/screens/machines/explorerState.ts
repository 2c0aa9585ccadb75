import { useSyncExternalStore } from 'react';

/**
 * What the explorer has selected, kept across its routes (/machines/:name):
 * the live actor followed and the step shown (null: the latest, live).
 */
interface Selection {
  actorKey: string | null;
  step: number | null;
}

let selection: Selection = { actorKey: null, step: null };
const listeners = new Set<() => void>();

export function select(next: Partial<Selection>): void {
  selection = { ...selection, ...next };
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const get = () => selection;

export function useSelection(): Selection {
  return useSyncExternalStore(subscribe, get, get);
}
