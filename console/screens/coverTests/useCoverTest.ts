import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import type { CoverTest } from '../../../core/console/schemas/coverTests';
import { coverTestMachine, type CoverTestEvent } from '../../../machines/console/coverTestMachine';
import type { DateClock } from '../../../core/clock';
import { inspect } from '../../../web/inspector';
import { every } from '../../../web/clock';
import { answered, useLatest } from '../../ui/machineEffects';
import { addVariant, discardTest, endTest, readTest, startTest } from './coverTestApi';

type Latest = { readonly current: { test: CoverTest; onTest: (t: CoverTest) => void } };
type Self = { send: (e: CoverTestEvent) => void };

const loaded = (t: CoverTest): CoverTestEvent => ({ type: 'test.loaded', status: t.state, version: t.version, variants: t.images.length });

function adoptRead(latest: Latest, self: Self, t: CoverTest) {
  latest.current.onTest(t);
  self.send(loaded(t));
}

/** The cover test machine's effects: each write at the version last read, its answer told back. */
function provideTest(latest: Latest, read: { current: boolean }) {
  const answer = (self: Self, write: Promise<CoverTest>) =>
    answered(write, {
      done: (t) => {
        latest.current.onTest(t);
        self.send({ type: 'save.done', status: t.state, version: t.version, variants: t.images.length });
      },
      conflict: () => self.send({ type: 'save.conflict' }),
      failed: (code) => self.send({ type: 'save.failed', code }),
    });
  const at = (version: number) => ({ id: latest.current.test.id, version });
  return coverTestMachine.provide({
    actions: {
      loadTest: ({ self }) => {
        // The screen has just read the test; a reload (after a conflict) reads it again.
        if (!read.current) {
          read.current = true;
          return self.send(loaded(latest.current.test));
        }
        readTest(latest.current.test.id).then(
          (t) => adoptRead(latest, self, t),
          () => {},
        );
      },
      addVariant: ({ self }, p) => answer(self, addVariant(at(p.version), p.file as Blob)),
      startTest: ({ self }, p) => answer(self, startTest(at(p.version), p.days)),
      endTest: ({ self }, p) => answer(self, endTest(at(p.version), p.winner)),
      discardTest: ({ self }, p) => answer(self, discardTest(at(p.version))),
    },
  });
}

/**
 * A cover test's lifecycle (machines/console/coverTestMachine.ts) with the
 * real calls; a running test is read again now and then (its figures grow,
 * and its period may end on the server).
 */
export function useCoverTest(test: CoverTest, onTest: (t: CoverTest) => void, clock: DateClock) {
  const latest = useLatest({ test, onTest });
  const read = useRef(false);
  // eslint-disable-next-line react-hooks/refs -- the effects read `read` when the machine runs them (on events), never while rendering
  const machine = useMemo(() => provideTest(latest, read), [latest]);
  const [snap, send, actor] = useMachine(machine, { inspect });
  const state = snap.value as string;
  useEffect(() => {
    if (state !== 'running') return;
    return every(clock, 30_000, () => {
      readTest(latest.current.test.id).then(
        (t) => adoptRead(latest, actor, t),
        () => {},
      );
    });
  }, [state, clock, actor, latest]);
  return { snap, state, send };
}
