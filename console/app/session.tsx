import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { sessionMachine } from '../../machines/console/sessionMachine';
import { inspect } from '../../web/inspector';
import { onUnauthenticated } from '../api/client';
import { call } from '../api/call';
import type { SessionApi } from '../ui/sessionContext';
import type { DateClock } from '../../core/clock';
import { every } from '../../web/clock';

/**
 * The session machine with its effects: GET /session (at start, on every
 * poll), DELETE /session to sign out, the poll timer from the clock, the
 * tab's visibility, and every 401 'unauthenticated' any call gets.
 */
export function useSessionMachine(clock: DateClock): SessionApi {
  const machine = useMemo(() => {
    const poll = { stop: () => {} };
    return sessionMachine.provide({
      actions: {
        loadSession: ({ self }) => {
          // A 401 reaches the machine through onUnauthenticated; any other failure (the network) is not a
          // sign-out: the next poll asks again.
          call('GET /session').then(
            (a) => self.send({ type: 'session.loaded', member: a.member }),
            () => {},
          );
        },
        startPolling: ({ self }, p) => {
          poll.stop = every(clock, p.seconds * 1000, () => self.send({ type: 'poll.due' }));
        },
        stopPolling: () => poll.stop(),
        signOut: ({ self }) => {
          const done = () => self.send({ type: 'signOut.done' });
          call('DELETE /session').then(done, done);
        },
      },
    });
  }, [clock]);
  const [snap, send, actor] = useMachine(machine, { input: { visible: document.visibilityState !== 'hidden' }, inspect });
  useEffect(() => onUnauthenticated(() => actor.send({ type: 'session.expired' })), [actor]);
  useEffect(() => {
    const onVisible = () => {
      const visible = document.visibilityState !== 'hidden';
      actor.send({ type: 'visibility.change', visible });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actor]);
  return {
    state: snap.value,
    member: snap.context.member,
    refresh: () => {
      call('GET /session').then(
        (a) => send({ type: 'session.loaded', member: a.member }),
        () => {},
      );
    },
    signOut: () => send({ type: 'signOut.request' }),
  };
}
