import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pushSubscriptionMachine, type PushSubscriptionInput } from './pushSubscriptionMachine';
import { expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const PUSH_SUBSCRIPTION_INPUTS: PushSubscriptionInput[] = [
  { supported: false, permission: 'default' },
  { supported: true, permission: 'denied' },
  { supported: true, permission: 'granted' },
  { supported: true, permission: 'default' },
];

describe('pushSubscriptionMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'pushSubscription',
      pushSubscriptionMachine,
      machinePaths(pushSubscriptionMachine, { inputs: PUSH_SUBSCRIPTION_INPUTS }),
    );
  });

  it('starts where support and permission lead', () => {
    const start = (input: PushSubscriptionInput) => createActor(pushSubscriptionMachine, { input }).start().getSnapshot().value;
    expect(PUSH_SUBSCRIPTION_INPUTS.map(start)).toEqual(['unsupported', 'denied', 'registering', 'asking']);
    // Unsupported wins over any permission.
    expect(start({ supported: false, permission: 'granted' })).toBe('unsupported');
  });

  it('keeps the token and posts it', () => {
    const posted: string[] = [];
    const a = createActor(pushSubscriptionMachine.provide({ actions: { postToken: (_, { token }) => void posted.push(token) } }), {
      input: { supported: true, permission: 'granted' },
    }).start();
    a.send({ type: 'worker.ready' });
    a.send({ type: 'subscription.ready', token: '{"endpoint":"x"}' });
    expect(posted).toEqual(['{"endpoint":"x"}']);
    a.send({ type: 'token.posted' });
    expect(a.getSnapshot().value).toBe('subscribed');
    expect(a.getSnapshot().status).toBe('done');
    expect(a.getSnapshot().context.token).toBe('{"endpoint":"x"}');
  });
});
