import { useSyncExternalStore } from 'react';
import { parseCoverage, type CoverageRecord } from './coverageModel';

/**
 * The model coverage the explorer shows, kept across its routes: the last
 * test run in the tree (GET /machines/coverage.json, asked once) or a file
 * dropped or picked, which replaces it.
 */
interface CoverageState {
  records: CoverageRecord[] | null;
  /** Where it came from: "tree" or the file's name. */
  source: string | null;
  error: string | null;
}

let state: CoverageState = { records: null, source: null, error: null };
const listeners = new Set<() => void>();
const set = (next: CoverageState) => {
  state = next;
  for (const l of listeners) l();
};

let asked = false;
/** Loads the last run's record from the server once (nothing when none was written or the server has none). */
export function loadTreeCoverage(): void {
  if (asked) return;
  asked = true;
  fetch('/machines/coverage.json').then(
    async (r) => {
      // An unread body keeps the request open in Chromium (the page never reaches network idle): cancel it.
      if (!r.ok || state.records) return void (await r.body?.cancel());
      try {
        set({ records: parseCoverage(await r.json()), source: 'tree', error: null });
      } catch (e) {
        set({ ...state, error: String(e) });
      }
    },
    () => {},
  );
}

/** A record file's text (dropped or picked): replaces what was shown; a bad one keeps it and says why. */
export function loadCoverageText(text: string, source: string): void {
  try {
    set({ records: parseCoverage(JSON.parse(text)), source, error: null });
  } catch (e) {
    set({ ...state, error: `${source}: ${String(e)}` });
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const get = () => state;

export function useCoverage(): CoverageState {
  return useSyncExternalStore(subscribe, get, get);
}
