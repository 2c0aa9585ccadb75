import type { InspectionEvent } from 'xstate';

/**
 * The one inspector every actor of both browser apps (the reader and the
 * console) is created with (`useMachine(machine, { inspect })`,
 * `createActor(machine, { inspect })`).
 * It only hands each inspection event to its listeners: the machine
 * explorer's recorder (`src/screens/machines/recorder.ts`, loaded only where
 * the explorer is on) and the UI tests' coverage. It stays this small because
 * every reader downloads it.
 */
type Listener = (e: InspectionEvent) => void;
const listeners = new Set<Listener>();
/** Events kept while a listener is on its way (the recorder's chunk loading); null when none is. */
let kept: InspectionEvent[] | null = null;

export function inspect(e: InspectionEvent): void {
  kept?.push(e);
  for (const l of listeners) l(e);
}

/**
 * Adds a listener. With `replayKept`, it first gets the events kept since `keepInspectionEvents()`
 * (actors created before its code arrived) and keeping stops.
 */
export function addInspectionListener(l: Listener, options: { replayKept?: boolean } = {}): () => void {
  if (options.replayKept && kept) {
    const early = kept;
    kept = null;
    for (const e of early) l(e);
  }
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Keeps every event from now until a listener replays them; returns a function that drops them instead. */
export function keepInspectionEvents(): () => void {
  kept ??= [];
  return () => {
    kept = null;
  };
}
