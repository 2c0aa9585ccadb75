import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PUSH_REFRESH_SECONDS, pushTokenMachine, type PushTokenInput } from './pushTokenMachine';
import { expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const NOW = 1_800_000_000;
const INPUTS: PushTokenInput[] = [
  { lastUpdated: 0, now: NOW },
  { lastUpdated: NOW - PUSH_REFRESH_SECONDS - 1, now: NOW },
  { lastUpdated: NOW - PUSH_REFRESH_SECONDS, now: NOW },
];

describe('pushTokenMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('pushToken', pushTokenMachine, machinePaths(pushTokenMachine, { inputs: INPUTS }));
  });

  it('refreshes when never posted or older than 7 days', () => {
    const start = (input: PushTokenInput) => createActor(pushTokenMachine, { input }).start().getSnapshot().value;
    expect(INPUTS.map(start)).toEqual(['fetching', 'fetching', 'fresh']);
    expect(start({ lastUpdated: NOW - 60, now: NOW })).toBe('fresh');
  });

  it('posts the token and saves the time', () => {
    const log: string[] = [];
    const a = createActor(
      pushTokenMachine.provide({
        actions: {
          postToken: (_, { token }) => void log.push(`post ${token}`),
          saveUpdated: (_, { now }) => void log.push(`save ${now}`),
          warn: (_, { reason }) => void log.push(`warn ${reason}`),
        },
      }),
      { input: INPUTS[0] },
    ).start();
    a.send({ type: 'token.received', token: 't' });
    a.send({ type: 'token.posted' });
    expect(log).toEqual(['post t', `save ${NOW}`]);
    expect(a.getSnapshot().value).toBe('done');
  });
});
