import { keepInspectionEvents } from '../../../web/inspector';

/**
 * Starts the machine explorer's recorder in this tab (start-up calls it where the explorer is on).
 * The recorder is a chunk of its own, fetched only then, so a reader whose explorer is off never
 * downloads it; the events of actors created while it loads are kept and replayed to it.
 */
export function startTracking(): void {
  const drop = keepInspectionEvents();
  import('./recorder').then(
    (r) => r.startTracking(),
    () => drop(),
  );
}
