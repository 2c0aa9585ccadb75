/**
 * A ViewerStage's session (src/viewer/session/): created when the stage
 * mounts, attached to its elements, sized by a ResizeObserver, fed the
 * window's keys, announced to an embedding page (src/viewer/session/registry.ts), its page changes reported
 * to the reading history (src/screens/history/useReportPosition.ts), disposed when the stage
 * goes; new data for the same chapter is handed to it. Components read its
 * view through narrow selectors (useViewerSelector).
 */
import { useEffect, useLayoutEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import type { ImgQuality } from '../../../core/viewer/imageQuality';
import type { ViewerView } from '../../viewer/session/view';
import { ViewerSession } from '../../viewer/session/viewerSession';
import { announceViewerSession, viewerEnvironment } from './viewerEnvironment';
import { useReportPosition } from '../history/useReportPosition';

interface StageRefs {
  stage: RefObject<HTMLDivElement | null>;
  world: RefObject<HTMLDivElement | null>;
  firstPages: RefObject<HTMLDivElement | null>;
}

/** The stage's current session, as a store React can subscribe to (it exists from the first layout effect on). */
class SessionSlot {
  private session: ViewerSession | null = null;
  private readonly listeners = new Set<() => void>();
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  get = () => this.session;
  set(s: ViewerSession | null): void {
    this.session = s;
    for (const l of this.listeners) l();
  }
}

function typingIn(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName);
}

/** The session of the stage whose elements are `refs` (`world` inside `stage`; `firstPages` beside it). */
export function useViewerSession(viewer: MangaViewer, quality: ImgQuality, refs: StageRefs): ViewerSession | null {
  const { stage: stageRef, world: worldRef, firstPages: firstRef } = refs;
  const [slot] = useState(() => new SessionSlot());
  const [first] = useState(() => ({ viewer, quality }));
  const session = useSyncExternalStore(slot.subscribe, slot.get, slot.get);

  useLayoutEffect(() => {
    const s = new ViewerSession(first.viewer, first.quality, viewerEnvironment());
    const stage = stageRef.current!;
    s.attach({ stage, world: worldRef.current!, firstPages: firstRef.current! });
    const measure = () => s.resize(stage.clientWidth, stage.clientHeight);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(stage);
    const onKey = (e: KeyboardEvent) => {
      const k = { key: e.key, shiftKey: e.shiftKey, altKey: e.altKey, metaKey: e.metaKey, ctrlKey: e.ctrlKey, inField: typingIn(e.target) };
      if (s.handleKey(k)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    const ended = announceViewerSession(s);
    slot.set(s);
    return () => {
      slot.set(null);
      ended();
      window.removeEventListener('keydown', onKey);
      ro.disconnect();
      s.dispose();
    };
  }, [slot, first, stageRef, worldRef, firstRef]);

  useEffect(() => session?.setChapter(viewer, quality), [session, viewer, quality]);
  // Page changes go to the reading history (debounced; at once on leave).
  useReportPosition(session);
  return session;
}

const NO_SESSION = () => () => {};

/** One piece of the session's view (a primitive, or a reference that changes only with it). */
export function useViewerSelector<T>(session: ViewerSession | null, select: (v: ViewerView) => T, none: T): T {
  return useSyncExternalStore(session?.subscribe ?? NO_SESSION, () => (session ? select(session.getSnapshot()) : none));
}
