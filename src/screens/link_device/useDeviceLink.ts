import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { deviceLinkMachine, type DeviceLinkEvent, type LinkProblem, type LinkView } from '../../../machines/deviceLinkMachine';
import { ApiCallError } from '../../api/client';
import { inspect } from '../../../web/inspector';
import { Timers, type TimerClock } from '../../lib/timers';
import { refresh as refreshBookmarks } from '../../features/pageBookmarks/pageBookmarks';
import { adoptGroupSettings, flushSettings, setLinked } from '../../features/readerSettings/settingsSync';
import { claimCode, confirmLink, declineLink, linkStatus, makeCode, unlinkDevice } from './deviceLinkApi';

/** Why a call failed, as the screen says it. */
function problemOf(e: unknown): LinkProblem {
  if (e instanceof ApiCallError && e.status === 429) return 'tooMany';
  if (e instanceof ApiCallError && e.status === 404) return 'badCode';
  return 'failed';
}

interface Self {
  getSnapshot(): { status: string };
  send(e: DeviceLinkEvent): void;
}

/** An event to an actor still running (an answer can arrive after the screen closed). */
function tell(self: Self, e: DeviceLinkEvent) {
  if (self.getSnapshot().status === 'active') self.send(e);
}

/** The calls started: a status asked before the latest call may answer with what that call changed, so it is dropped. */
class Calls {
  private started = 0;
  start(): void {
    this.started++;
  }
  count(): number {
    return this.started;
  }
}

/**
 * The screen's actor of deviceLinkMachine with its effects: the calls of
 * deviceLinkApi, the poll and the code's lifetime on `clock`, and what
 * follows a link (bookmarks refreshed, reader settings synced or adopted).
 */
export function useDeviceLink(clock: TimerClock) {
  const [polls] = useState(() => new Timers(clock));
  const [expiry] = useState(() => new Timers(clock));
  const [calls] = useState(() => new Calls());
  const run = (self: Self, p: () => Promise<LinkView>, done: (view: LinkView) => DeviceLinkEvent) => {
    calls.start();
    p().then(
      (view) => tell(self, done(view)),
      (e: unknown) => tell(self, { type: 'call.failed', problem: problemOf(e) }),
    );
  };
  const machine = deviceLinkMachine.provide({
    actions: {
      loadStatus: ({ self }) => {
        const at = calls.count();
        linkStatus().then(
          (view) => at === calls.count() && tell(self, { type: 'status.loaded', view }),
          // Asked again at the next poll.
          () => {},
        );
      },
      schedulePoll: ({ self }, { ms }) => {
        polls.clear();
        polls.after(ms, () => tell(self, { type: 'poll.elapsed' }));
      },
      startExpiryTimer: ({ self }, { ms }) => {
        expiry.clear();
        expiry.after(ms, () => tell(self, { type: 'code.expired' }));
      },
      stopExpiryTimer: () => expiry.clear(),
      makeCode: ({ self }) => run(self, makeCode, (view) => ({ type: 'code.made', view })),
      claimCode: ({ self }, { code, name }) =>
        run(
          self,
          () => claimCode(code, name),
          (view) => ({ type: 'code.claimed', view }),
        ),
      // The group starts with this device's reader settings: they are sent first.
      confirmLink: ({ self }, { name }) =>
        run(
          self,
          () => flushSettings().then(() => confirmLink(name)),
          (view) => ({ type: 'link.confirmed', view }),
        ),
      declineLink: ({ self }) => run(self, declineLink, (view) => ({ type: 'link.declined', view })),
      unlinkDevice: ({ self }, { id }) =>
        run(
          self,
          () => unlinkDevice(id),
          (view) => ({ type: 'device.unlinked', view }),
        ),
      followLink: (_, { linked }) => {
        setLinked(linked);
        if (linked) void refreshBookmarks();
      },
      adoptSettings: () => void adoptGroupSettings(),
    },
  });
  const [state, send] = useMachine(machine, { inspect });
  useEffect(
    () => () => {
      polls.clear();
      expiry.clear();
    },
    [polls, expiry],
  );
  return [state, send] as const;
}
