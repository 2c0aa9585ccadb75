import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import type { Chapter } from '../../../core/console/schemas/catalog';
import { chapterLifecycleMachine, type ChapterLifecycleEvent } from '../../../machines/console/chapterLifecycleMachine';
import { inspect } from '../../../web/inspector';
import { every } from '../../../web/clock';
import { answered, useLatest } from '../../ui/machineEffects';
import { useReauth } from '../../ui/reauth';
import { useCatalogEnv } from './env';
import { changesOf } from './job';
import { readChapter, releaseNow, restoreChapter, scheduleRelease, takeDown, withdrawRelease } from './chapterApi';

type Latest = { readonly current: { chapter: Chapter; onChapter: (c: Chapter) => void } };
type Self = { send: (e: ChapterLifecycleEvent) => void };

/** The chapter as read again: the screen adopts it, the machine takes its state and version. */
function adoptRead(latest: Latest, self: Self, c: Chapter) {
  latest.current.onChapter(c);
  self.send({ type: 'chapter.loaded', status: c.state, version: c.version });
}

/** The chapter lifecycle machine's effects: each write at the version last read, its answer told back (a stale one with what changed). */
function provideLifecycle(latest: Latest, read: { current: boolean }) {
  const answer = (self: Self, write: Promise<Chapter>) =>
    answered(write, {
      done: (c) => {
        latest.current.onChapter(c);
        self.send({ type: 'save.done', status: c.state, version: c.version });
      },
      conflict: (e) => self.send({ type: 'save.conflict', changes: changesOf(latest.current.chapter, e) }),
      failed: (code) => self.send({ type: 'save.failed', code }),
    });
  return chapterLifecycleMachine.provide({
    actions: {
      loadChapter: ({ self }) => {
        // The screen has just read the chapter; a reload (after a conflict) reads it again.
        if (!read.current) {
          read.current = true;
          const c = latest.current.chapter;
          return self.send({ type: 'chapter.loaded', status: c.state, version: c.version });
        }
        readChapter(latest.current.chapter.id).then(
          (c) => adoptRead(latest, self, c),
          () => {},
        );
      },
      saveSchedule: ({ self }, p) => answer(self, scheduleRelease(latest.current.chapter, p.releaseAt, p.freeUntil)),
      releaseNow: ({ self }) => answer(self, releaseNow(latest.current.chapter)),
      withdrawSchedule: ({ self }) => answer(self, withdrawRelease(latest.current.chapter)),
      restoreChapter: ({ self }) => answer(self, restoreChapter(latest.current.chapter)),
    },
  });
}

/**
 * The chapter's release (machines/console/chapterLifecycleMachine.ts) with
 * the real calls: a scheduled chapter read again now and then (it goes out
 * at its time on the server), and the take-down behind the password asked again.
 */
export function useSchedule(chapter: Chapter, onChapter: (c: Chapter) => void) {
  const env = useCatalogEnv();
  const latest = useLatest({ chapter, onChapter });
  const read = useRef(false);
  // eslint-disable-next-line react-hooks/refs -- the effects read `read` when the machine runs them (on events), never while rendering
  const machine = useMemo(() => provideLifecycle(latest, read), [latest]);
  const [snap, send, actor] = useMachine(machine, { inspect });
  const reauth = useReauth(() => {});
  const state = snap.value as string;

  // A scheduled chapter goes out at its time on the server: read it again now and then to show it live.
  useEffect(() => {
    if (state !== 'scheduled') return;
    return every(env.clock, 10_000, () => {
      readChapter(latest.current.chapter.id).then(
        (c) => adoptRead(latest, actor, c),
        () => {},
      );
    });
  }, [state, env.clock, actor, latest]);

  const takeDownNow = () =>
    reauth.run(() =>
      takeDown(latest.current.chapter).then((c) => {
        latest.current.onChapter(c);
        actor.send({ type: 'takedown.done', version: c.version });
      }),
    );
  return { snap, state, send, reauth, takeDown: takeDownNow };
}
