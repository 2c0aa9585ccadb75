import { useEffect, useState, useSyncExternalStore } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { autoScrollMachine, type AutoScrollMode } from '../../../machines/autoScrollMachine';
import { autoScrollPxPerSec, autoTurnIntervalMs } from '../../../core/viewer/autoScroll';
import { actionOfKey } from '../../../core/viewer/controls';
import { inspect } from '../../../web/inspector';
import { saveAutoScrollLevel, storedAutoScrollLevel } from '../../lib/storage';
import type { TimerId } from '../../viewer/session/clock';
import type { ViewerSession } from '../../viewer/session/viewerSession';

export type AutoScrollActor = ActorRefFrom<typeof autoScrollMachine>;

/** The actor the effect made, read by render (the session's own slot does the same: useViewerSession.ts). */
class ActorSlot {
  private actor: AutoScrollActor | null = null;
  private readonly listeners = new Set<() => void>();
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  get = () => this.actor;
  set(a: AutoScrollActor | null): void {
    this.actor = a;
    for (const l of this.listeners) l();
  }
}

const typing = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

/**
 * Auto-scroll's actor for a viewer session, with its effects: a steady
 * scroll is the session's own `scroll.by` each frame of its clock (so the
 * camera, resume position and page store follow as for a wheel), a turn is
 * `page.next` after the level's interval; either stops at the chapter's end.
 * A pointer down on the stage pauses it (touch or tap), a menu opening
 * pauses it and closing resumes it; the session's mode and reduced motion
 * reach it as they change; its keys in the reader's map (a, + and - unless
 * remapped) toggle it and change the level.
 */
export function useAutoScroll(session: ViewerSession): AutoScrollActor | null {
  const [slot] = useState(() => new ActorSlot());
  const actor = useSyncExternalStore(slot.subscribe, slot.get, slot.get);
  useEffect(() => {
    const view = session.getSnapshot();
    const a = createActor(withEffects(session), {
      input: { level: storedAutoScrollLevel(), mode: view.mode, reduced: session.controls.reduced },
      inspect,
    });
    a.start();
    const unsubscribe = followSession(session, a, view);
    const unlisten = listenForInput(session, a);
    slot.set(a);
    return () => {
      unlisten();
      unsubscribe();
      a.stop();
      slot.set(null);
    };
  }, [session, slot]);
  return actor;
}

/** The machine with its effects on the session: a scroll each frame of its clock, a page turn after the level's interval. */
function withEffects(session: ViewerSession) {
  const clock = session.clock;
  let frame: TimerId | undefined;
  let timer: TimerId | undefined;
  const atEnd = () => {
    const v = session.getSnapshot();
    return v.count > 0 && v.index >= v.count - 1;
  };
  const where = () => JSON.stringify(session.actors.paging.getSnapshot().context.pos);
  return autoScrollMachine.provide({
    actions: {
      startScrolling: ({ self }, level) => {
        const speed = autoScrollPxPerSec(level);
        let last = clock.now();
        const step = (now: number) => {
          // A frame late after a stall does not jump: at most 100 ms of travel at once.
          const dt = Math.min(100, Math.max(0, now - last));
          last = now;
          const before = where();
          session.send({ type: 'scroll.by', dy: (speed * dt) / 1000 });
          if (dt > 0 && where() === before && atEnd()) {
            frame = undefined;
            self.send({ type: 'autoscroll.ended' });
            return;
          }
          frame = clock.requestFrame(step);
        };
        frame = clock.requestFrame(step);
      },
      stopScrolling: () => {
        if (frame !== undefined) clock.cancelFrame(frame);
        frame = undefined;
      },
      startTurnTimer: ({ self }, level) => {
        timer = clock.setTimeout(() => self.send({ type: 'autoscroll.elapsed' }), autoTurnIntervalMs(level));
      },
      cancelTurnTimer: () => {
        if (timer !== undefined) clock.clearTimeout(timer);
        timer = undefined;
      },
      turnPage: ({ self }) => {
        if (atEnd()) self.send({ type: 'autoscroll.ended' });
        else session.send({ type: 'page.next' });
      },
      saveLevel: (_, level) => saveAutoScrollLevel(level),
    },
  });
}

/** The session's mode, reduced motion and menu, sent to the actor as they change; returns the unsubscribe. */
function followSession(session: ViewerSession, a: AutoScrollActor, view: ReturnType<ViewerSession['getSnapshot']>): () => void {
  let seen: { mode: AutoScrollMode; reduced: boolean; menu: unknown } = {
    mode: view.mode,
    reduced: session.controls.reduced,
    menu: view.menu,
  };
  return session.subscribe(() => {
    const v = session.getSnapshot();
    const reduced = session.controls.reduced;
    if (v.mode !== seen.mode) a.send({ type: 'mode.changed', mode: v.mode });
    if (reduced !== seen.reduced) a.send({ type: 'motion.changed', reduced });
    if (v.menu && !seen.menu) a.send({ type: 'autoscroll.pause', reason: 'menu' });
    if (!v.menu && seen.menu && a.getSnapshot().context.pausedBy === 'menu') a.send({ type: 'autoscroll.resume' });
    seen = { mode: v.mode, reduced, menu: v.menu };
  });
}

/** A pointer down on the stage pauses it; the reader's keys toggle it and change the level. Returns the removal. */
function listenForInput(session: ViewerSession, a: AutoScrollActor): () => void {
  const onPointer = (e: PointerEvent) => {
    if (e.target instanceof Element && e.target.closest('.viewer__stage'))
      a.send({ type: 'autoscroll.pause', reason: e.pointerType === 'touch' ? 'touch' : 'tap' });
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target) || session.getSnapshot().menu) return;
    // The reader's key map (remappable, listed in the key help): a, + and - unless changed.
    const action = actionOfKey(session.controls.keys, e.key);
    const s = a.getSnapshot();
    if (action === 'autoScroll') a.send(s.matches({ on: 'paused' }) ? { type: 'autoscroll.resume' } : { type: 'autoscroll.toggle' });
    else if (action === 'autoScrollFaster') a.send({ type: 'autoscroll.faster' });
    else if (action === 'autoScrollSlower') a.send({ type: 'autoscroll.slower' });
    else return;
    e.preventDefault();
  };
  document.addEventListener('pointerdown', onPointer, true);
  window.addEventListener('keydown', onKey);
  return () => {
    document.removeEventListener('pointerdown', onPointer, true);
    window.removeEventListener('keydown', onKey);
  };
}
