/**
 * Counts taken where the work happens (a cache lookup, a push send, a refused
 * write) and read by the metrics plugin (server/plugins/metrics.ts). Plain
 * numbers in this process, so the code that counts needs no metrics library
 * and costs one addition; the plugin turns them into Prometheus series.
 */
export const opsCounters = {
  cacheHits: 0,
  cacheMisses: 0,
  rateLimited: 0,
  pushSends: new Map<string, number>(),
  pushRetries: 0,
};

export function countPushSend(outcome: string): void {
  opsCounters.pushSends.set(outcome, (opsCounters.pushSends.get(outcome) ?? 0) + 1);
  if (outcome === 'retry' || outcome === 'unauthorized') opsCounters.pushRetries++;
}

/**
 * Listeners of every finished SQL query (timed in server/db/index.ts): seconds it took and whether it
 * failed. None while the metrics are off: the queries are then not timed at all (queriesTimed()).
 */
const queryListeners = new Set<(seconds: number, failed: boolean) => void>();

export function onQuery(fn: (seconds: number, failed: boolean) => void): () => void {
  queryListeners.add(fn);
  return () => queryListeners.delete(fn);
}

/** Whether anyone listens: the database's wrappers skip the clock while nobody does. */
export const queriesTimed = (): boolean => queryListeners.size > 0;

export function queryDone(ms: number, failed: boolean): void {
  for (const fn of queryListeners) fn(ms / 1000, failed);
}
