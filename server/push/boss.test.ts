import { describe, expect, it } from 'vitest';
import { createQueueOnce } from './boss';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('createQueueOnce: nodes started together', () => {
  it('a deadlock victim finds the queue the winner made', async () => {
    let calls = 0;
    let made = false;
    await createQueueOnce(
      () => {
        calls++;
        made = true; // the other node's, committed during the pause
        return Promise.reject(deadlock());
      },
      () => Promise.resolve(made),
      1,
    );
    expect(calls).toBe(1);
  });

  it('a failure before anyone made it is tried again', async () => {
    let calls = 0;
    await createQueueOnce(
      () => (++calls < 3 ? Promise.reject(deadlock()) : Promise.resolve()),
      () => Promise.resolve(false),
      1,
    );
    expect(calls).toBe(3);
  });

  it('a lasting failure is thrown after five tries', async () => {
    let calls = 0;
    await expect(
      createQueueOnce(
        () => {
          calls++;
          return Promise.reject(new Error('permission denied for schema pgboss'));
        },
        () => Promise.resolve(false),
        1,
      ),
    ).rejects.toThrow('permission denied for schema pgboss');
    expect(calls).toBe(5);
  });
});
