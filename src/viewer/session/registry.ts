/**
 * The viewer sessions alive in this page, announced the way the inspector
 * announces actors (the browser-test harness, src/viewer/testing/harness.ts,
 * listens). Environment overrides for an embedding page are in overrides.ts.
 */
import type { ViewerSession } from './viewerSession';

/** Called with each new session; what it returns runs when that session ends. */
type SessionListener = (session: ViewerSession) => (() => void) | void;

const listeners = new Set<SessionListener>();

export function onViewerSession(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app announces a session it created; the returned function says it ended. */
export function announceViewerSession(session: ViewerSession): () => void {
  const ends = [...listeners].map((l) => l(session));
  return () => {
    for (const end of ends) end?.();
  };
}
