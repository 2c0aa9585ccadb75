import type { ConsoleRepos } from '../repos/console/index.js';
import { problems } from './problems.js';

/**
 * Sign-in throttling per account (by the email given, known or not, so the
 * answer says nothing of whether it has an account) and per client address:
 * after a few failures each attempt must wait a growing delay (429), after
 * more the key is locked for a while (423). A success clears the account's key.
 */
interface Policy {
  free: number;
  lockAt: number;
  lockSeconds: number;
}
const ACCOUNT: Policy = { free: 5, lockAt: 20, lockSeconds: 15 * 60 };
const ADDRESS: Policy = { free: 20, lockAt: 100, lockSeconds: 15 * 60 };
const MAX_DELAY = 60;

export const accountKey = (email: string) => `a:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;
const policyOf = (key: string) => (key.startsWith('ip:') ? ADDRESS : ACCOUNT);

/** Refuses the attempt (423 or 429 with the seconds to wait) when a key is locked or in its delay. */
export async function checkThrottle(repos: ConsoleRepos, keys: string[], now: number): Promise<void> {
  const rows = await repos.throttle.of(keys);
  for (const r of rows) {
    if (Number(r.locked_until) > now) throw problems.locked(Number(r.locked_until) - now);
  }
  for (const r of rows) {
    const p = policyOf(r.key);
    if (r.failures < p.free) continue;
    const wait = Number(r.last_failure_at) + Math.min(2 ** (r.failures - p.free), MAX_DELAY) - now;
    if (wait > 0) throw problems.throttled(wait);
  }
}

/** Counts a failure on each key (locking a key that reached its limit). */
export async function recordFailure(repos: ConsoleRepos, keys: string[], now: number): Promise<void> {
  for (const key of keys) {
    const p = policyOf(key);
    const r = await repos.throttle.get(key);
    const failures = (r?.failures ?? 0) + 1;
    const locked_until = failures >= p.lockAt ? now + p.lockSeconds : 0;
    // A lock served starts the count again (the next failures wait again, then lock again).
    await repos.throttle.put(
      key,
      { failures: failures >= p.lockAt ? p.free : failures, last_failure_at: now, locked_until },
      r !== undefined,
    );
  }
}

export const clearThrottle = (repos: ConsoleRepos, key: string) => repos.throttle.clear(key);
