import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import type { ReleaseGroup } from '../../../core/console/schemas/releaseGroups';
import { releaseGroupMachine, type ReleaseGroupEvent } from '../../../machines/console/releaseGroupMachine';
import type { DateClock } from '../../../core/clock';
import { inspect } from '../../../web/inspector';
import { every } from '../../../web/clock';
import { answered, useLatest } from '../../ui/machineEffects';
import { cancelGroup, choosePartial, readGroup, releaseGroupNow, scheduleGroup } from './releaseGroupApi';

type Latest = { readonly current: { group: ReleaseGroup; onGroup: (g: ReleaseGroup) => void } };
type Self = { send: (e: ReleaseGroupEvent) => void };

const loaded = (g: ReleaseGroup): ReleaseGroupEvent => ({ type: 'group.loaded', status: g.state, version: g.version, partial: g.partial });

function adoptRead(latest: Latest, self: Self, g: ReleaseGroup) {
  latest.current.onGroup(g);
  self.send(loaded(g));
}

/** The release group machine's effects: each write at the version last read, its answer told back. */
function provideGroup(latest: Latest, read: { current: boolean }) {
  const answer = (self: Self, write: Promise<ReleaseGroup>) =>
    answered(write, {
      done: (g) => {
        latest.current.onGroup(g);
        self.send({ type: 'save.done', status: g.state, version: g.version, partial: g.partial });
      },
      conflict: () => self.send({ type: 'save.conflict' }),
      failed: (code) => self.send({ type: 'save.failed', code }),
    });
  return releaseGroupMachine.provide({
    actions: {
      loadGroup: ({ self }) => {
        // The screen has just read the group; a reload (after a conflict) reads it again.
        if (!read.current) {
          read.current = true;
          return self.send(loaded(latest.current.group));
        }
        readGroup(latest.current.group.id).then(
          (g) => adoptRead(latest, self, g),
          () => {},
        );
      },
      saveSchedule: ({ self }, p) => answer(self, scheduleGroup(latest.current.group, p.startAt, p.endAt)),
      savePartial: ({ self }, p) => answer(self, choosePartial(latest.current.group, p.partial)),
      releaseNow: ({ self }) => answer(self, releaseGroupNow(latest.current.group)),
      cancelGroup: ({ self }) => answer(self, cancelGroup(latest.current.group)),
    },
  });
}

/**
 * A release group's lifecycle (machines/console/releaseGroupMachine.ts) with
 * the real calls; a scheduled group is read again now and then (it goes out,
 * or is held, at its time on the server).
 */
export function useReleaseGroup(group: ReleaseGroup, onGroup: (g: ReleaseGroup) => void, clock: DateClock) {
  const latest = useLatest({ group, onGroup });
  const read = useRef(false);
  // eslint-disable-next-line react-hooks/refs -- the effects read `read` when the machine runs them (on events), never while rendering
  const machine = useMemo(() => provideGroup(latest, read), [latest]);
  const [snap, send, actor] = useMachine(machine, { inspect });
  const state = snap.value as string;
  useEffect(() => {
    if (state !== 'scheduled') return;
    return every(clock, 10_000, () => {
      readGroup(latest.current.group.id).then(
        (g) => adoptRead(latest, actor, g),
        () => {},
      );
    });
  }, [state, clock, actor, latest]);
  return { snap, state, send };
}
