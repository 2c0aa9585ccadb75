import type { ConsoleRepos } from '../repos/console/index.js';
import type { ThrottleRow } from '../repos/console/throttle.js';
import { problems } from './problems.js';

/**
 * Sign-in throttling (ASVS 5.0 V6.3), by the email given (known or not, so
 * the answer says nothing of whether it has an account) and the client's
 * address, on three keys:
 *
 * - the pair (account, address): an attacker's address is held, 5 free
 *   failures, then each waits 2, 4, 8 … s, up to 15 minutes;
 * - the account, from any address: a slower brake (10 free, then 2 s more a
 *   failure, never over a minute) that never locks the member out, and that
 *   a sign-in with the password and a recovery code passes;
 * - the address, across accounts (password spraying): 30 free, then doubling
 *   up to 15 minutes.
 *
 * Failures age: each key forgets one every so often (`agesEvery`). An
 * attempt takes its turn on the pair and the account before the secret is
 * checked (a conditional UPDATE of the key's next turn), so parallel
 * attempts are checked one at a time and each waits the delay its
 * predecessor earned; refused, it gets 429 and the seconds to wait.
 */
interface Policy {
  free: number;
  /** Seconds the next attempt waits after failure `free + over`. */
  delay(over: number): number;
  /** Seconds after which one failure is forgotten. */
  agesEvery: number;
}
const QUARTER_HOUR = 15 * 60;
const PAIR: Policy = { free: 5, delay: (over) => Math.min(2 ** over, QUARTER_HOUR), agesEvery: QUARTER_HOUR };
const ACCOUNT: Policy = { free: 10, delay: (over) => Math.min(2 * over, 60), agesEvery: 2 * 60 };
const ADDRESS: Policy = { free: 30, delay: (over) => Math.min(2 ** over, QUARTER_HOUR), agesEvery: 5 * 60 };
/** How long an attempt holds its turn at most (one that died gives it back then). */
const HOLD = 10;

const norm = (email: string) => email.trim().toLowerCase();
const accountKey = (email: string) => `a:${norm(email)}`;
const addressKey = (ip: string) => `ip:${ip}`;
const pairKey = (email: string, ip: string) => `p:${norm(email)} ${ip}`;

/** One sign-in step's attempt: whose account, from where, and whether the account's brake applies. */
export interface Attempt {
  email: string;
  address: string;
  /** False for a sign-in with a recovery code: it passes the account's brake (never the pair's). */
  brake: boolean;
}
/** An attempt holding its turn (on the pair, and the account when braked) until `held`. */
export interface Turn extends Attempt {
  held: number;
}

/** Failures a row still counts at `now` (one forgotten each `agesEvery` since the last). */
function aged(r: ThrottleRow | undefined, p: Policy, now: number): number {
  if (!r) return 0;
  return Math.max(0, r.failures - Math.floor((now - Number(r.last_failure_at)) / p.agesEvery));
}

const waitOf = async (repos: ConsoleRepos, key: string, now: number) =>
  Math.max(1, Number((await repos.throttle.get(key))?.locked_until ?? now) - now);

/** Takes the attempt's turn, or refuses it (429: `throttled` for the address or the pair, `account-throttled` for the account). */
export async function takeTurn(repos: ConsoleRepos, a: Attempt, now: number): Promise<Turn> {
  const address = await repos.throttle.get(addressKey(a.address));
  if (address && Number(address.locked_until) > now) throw problems.throttled(Number(address.locked_until) - now);
  const held = now + HOLD;
  const pair = pairKey(a.email, a.address);
  if (!(await repos.throttle.take(pair, now, held))) throw problems.throttled(await waitOf(repos, pair, now));
  if (a.brake && !(await repos.throttle.take(accountKey(a.email), now, held))) {
    await repos.throttle.giveBack(pair, held, now);
    throw problems.accountThrottled(await waitOf(repos, accountKey(a.email), now));
  }
  return { ...a, held };
}

/** A step passed (or could not be checked): its turn given back, due again at once. */
export async function giveTurnBack(repos: ConsoleRepos, t: Turn, now: number): Promise<void> {
  await repos.throttle.giveBack(pairKey(t.email, t.address), t.held, now);
  if (t.brake) await repos.throttle.giveBack(accountKey(t.email), t.held, now);
}

/** Counts a failure on a key: its next turn after the delay earned (a turn this attempt holds is replaced, another's kept). */
async function countFailure(repos: ConsoleRepos, key: string, p: Policy, now: number, held: number | null): Promise<void> {
  // Compare and set: a request that changed the key meanwhile makes this one read it again.
  for (let i = 0; i < 8; i++) {
    const r = await repos.throttle.get(key);
    const failures = aged(r, p, now) + 1;
    const next = now + (failures > p.free ? p.delay(failures - p.free) : 0);
    const kept = r && Number(r.locked_until) !== held ? Number(r.locked_until) : 0;
    if (await repos.throttle.swap(key, r, { failures, last_failure_at: now, locked_until: Math.max(next, kept) })) return;
  }
}

/** A failed attempt: counted on the pair, the account and the address; its turn due again after their delays. */
export async function recordFailure(repos: ConsoleRepos, t: Turn, now: number): Promise<void> {
  await countFailure(repos, pairKey(t.email, t.address), PAIR, now, t.held);
  await countFailure(repos, accountKey(t.email), ACCOUNT, now, t.brake ? t.held : null);
  await countFailure(repos, addressKey(t.address), ADDRESS, now, null);
}

/**
 * A sign-in completed: the pair's failures are forgotten. The account's
 * are not (another address's failures are no business of this success;
 * they age), nor the address's (other accounts').
 */
export const clearThrottle = (repos: ConsoleRepos, email: string, address: string) => repos.throttle.clear(pairKey(email, address));
