import type { ConsoleRepos } from '../repos/console/index.js';
import type { ChallengeRow } from '../repos/console/challenges.js';
import type { StaffRow } from '../repos/console/staff.js';
import type { Actor, ConsoleCtx } from './actor.js';
import { memberOf, publicMember } from './members.js';
import { verifyPassword } from './passwords.js';
import type { Me } from './principal.js';
import { problems } from './problems.js';
import { recoveryCodesLeft, useRecoveryCode } from './recovery.js';
import { randomToken, sha256 } from './secrets.js';
import { REAUTH_SECONDS, startSession } from './sessions.js';
import { clearThrottle, giveTurnBack, recordFailure, takeTurn, type Attempt, type Turn } from './throttle.js';
import { totpStep } from './totp.js';
import { authenticationOptions, verifyAuthentication, type RelyingParty } from './webauthn.js';
import { audited } from './write.js';

/**
 * Sign-in: the password first (a challenge naming the second factors the
 * member holds), then one second factor (TOTP, a recovery code or a
 * passkey), which starts the session; or, while the account's brake holds,
 * the password and a recovery code in one step. Each step takes its turn
 * first and each failure counts against the pair (account, address), the
 * account and the address (server/console/throttle.ts); an unknown email
 * costs the same Argon2 verification and gets the same answer.
 */

/** The step between a sign-in's password and its second factor (5 minutes, single use). */
const CHALLENGE_SECONDS = 300;
type Purpose = 'sign-in' | 'passkey';

export async function createChallenge(repos: ConsoleRepos, memberId: number, purpose: Purpose, webauthn: unknown, now: number) {
  const token = randomToken();
  await repos.challenges.add({
    token_hash: sha256(token),
    member_id: memberId,
    purpose,
    webauthn: webauthn === undefined ? null : JSON.stringify(webauthn),
    expires_at: now + CHALLENGE_SECONDS,
  });
  return token;
}

/** A live challenge (expired ones are dropped). */
async function findChallenge(repos: ConsoleRepos, token: string, purpose: Purpose, now: number) {
  await repos.challenges.dropExpired(now);
  return repos.challenges.byTokenHash(sha256(token), purpose);
}

/** A session started: the answer, and the token the route sets as the cookie. */
export interface Started {
  member: ReturnType<typeof publicMember>;
  token: string;
}

/**
 * A member passed both factors: the challenge is spent, the failures from
 * this address forgotten, a new session started, the sign-in audited. A disabled
 * member gets nothing.
 */
export async function completeSignIn(
  ctx: ConsoleCtx,
  actor: Actor,
  memberId: number,
  challengeId: number | null,
  via: string,
): Promise<Started> {
  const row = await ctx.repos.staff.byId(memberId);
  if (!row || row.disabled === 1) throw problems.badCode();
  const member = memberOf(row);
  return audited(
    ctx,
    actor,
    async ({ repos, now, audit }) => {
      if (challengeId !== null && (await repos.challenges.remove(challengeId)) !== 1) throw problems.badCode();
      await clearThrottle(repos, row.email, actor.address);
      await repos.staff.signedIn(memberId, now);
      const session = await startSession(repos, memberId, now, actor);
      await audit({
        action: 'sign-in.success',
        target: `member:${memberId}`,
        after: { via, session: session.id },
        actor: { kind: 'member', id: memberId, name: member.email },
      });
      return { member: publicMember(member), token: session.token };
    },
    { readersSee: false },
  );
}

/** A failed step: counted against its turn's keys and audited (`reauth` for a re-authentication's password). */
async function failure(ctx: ConsoleCtx, actor: Actor, turn: Turn, target: string, step: string | null) {
  await audited(
    ctx,
    actor,
    async ({ repos, now, audit }) => {
      await recordFailure(repos, turn, now);
      await audit(step === null ? { action: 'reauth.failure', target } : { action: 'sign-in.failure', target, after: { step } });
    },
    { readersSee: false },
  );
}

/**
 * Runs a step's check in its attempt's turn (throttle.ts): a pass gives the
 * turn back; a failure (`check` answers null) is counted and audited, then
 * refused with `refusal`.
 */
async function inTurn<T>(
  ctx: ConsoleCtx,
  actor: Actor,
  attempt: Attempt,
  failed: { target: string; step: string | null; refusal: () => Error },
  check: () => Promise<T | null>,
): Promise<T> {
  const now = ctx.clock.nowSec();
  const turn = await takeTurn(ctx.repos, attempt, now);
  let passed: T | null;
  try {
    passed = await check();
  } catch (e) {
    await giveTurnBack(ctx.repos, turn, now);
    throw e;
  }
  if (passed === null) {
    await failure(ctx, actor, turn, failed.target, failed.step);
    throw failed.refusal();
  }
  await giveTurnBack(ctx.repos, turn, now);
  return passed;
}

/** The challenge of a second-factor step and its member. */
async function secondStep(ctx: ConsoleCtx, challenge: string): Promise<{ c: ChallengeRow; m: StaffRow }> {
  const c = await findChallenge(ctx.repos, challenge, 'sign-in', ctx.clock.nowSec());
  if (!c) throw problems.badCode();
  const m = await ctx.repos.staff.byId(c.member_id);
  if (!m) throw problems.badCode();
  return { c, m };
}

/** A second factor's check, in its turn: the member's account, from the actor's address. */
async function factorTurn(
  ctx: ConsoleCtx,
  actor: Actor,
  challenge: string,
  step: 'totp' | 'recovery' | 'passkey',
  check: (c: ChallengeRow, m: StaffRow) => Promise<Started | null>,
): Promise<Started> {
  const { c, m } = await secondStep(ctx, challenge);
  // A recovery code passes the account's brake (the member's way in while others fail on it), never the pair's.
  const attempt = { email: m.email, address: actor.address, brake: step !== 'recovery' };
  return inTurn(ctx, actor, attempt, { target: `member:${m.id}`, step, refusal: problems.badCode }, () => check(c, m));
}

/** Uses one of the member's recovery codes (audited); false when it is none of theirs. */
async function spendRecoveryCode(ctx: ConsoleCtx, actor: Actor, m: StaffRow, code: string): Promise<boolean> {
  return audited(
    ctx,
    actor,
    async ({ repos, now, audit }) => {
      if (!(await useRecoveryCode(repos, m.id, code, now))) return false;
      await audit({ action: 'recovery-code.use', target: `member:${m.id}`, actor: { kind: 'member', id: m.id, name: m.email } });
      return true;
    },
    { readersSee: false },
  );
}

/** The member an email and password name, or null (unknown, wrong or disabled: the same Argon2 work). */
async function passwordHolder(ctx: ConsoleCtx, email: string, password: string): Promise<StaffRow | null> {
  const row = await ctx.repos.staff.byEmail(email);
  const good = await verifyPassword(row?.password_hash ?? null, password);
  return row && good && row.disabled !== 1 ? row : null;
}

export const signIn = {
  /** The password: a challenge naming the member's second factors (a passkey's options when they hold one). */
  async password(ctx: ConsoleCtx, actor: Actor, given: { email: string; password: string }, rpID: () => string) {
    const email = given.email.trim().toLowerCase();
    const attempt = { email, address: actor.address, brake: true };
    const failed = { target: `email:${email}`, step: 'password', refusal: problems.badCredentials };
    const row = await inTurn(ctx, actor, attempt, failed, () => passwordHolder(ctx, email, given.password));
    const factors = await ctx.repos.factors.confirmed(row.id);
    const passkeys = factors.filter((f) => f.kind === 'passkey');
    const passkeyOptions = passkeys.length ? await authenticationOptions(rpID(), passkeys) : undefined;
    const webauthn = passkeyOptions ? { challenge: passkeyOptions.challenge } : undefined;
    const challenge = await createChallenge(ctx.repos, row.id, 'sign-in', webauthn, ctx.clock.nowSec());
    const kinds: ('totp' | 'passkey' | 'recovery')[] = [];
    if (factors.some((f) => f.kind === 'totp')) kinds.push('totp');
    if (passkeys.length) kinds.push('passkey');
    if ((await recoveryCodesLeft(ctx.repos, row.id)) > 0) kinds.push('recovery');
    return { challenge, factors: kinds, ...(passkeyOptions ? { passkeyOptions } : {}) };
  },

  /**
   * The password and a recovery code in one step: the way in while the
   * account's brake holds (failures from elsewhere), which it passes; the
   * pair's and the address's still apply. Either wrong: the same refusal.
   */
  async withRecoveryCode(ctx: ConsoleCtx, actor: Actor, given: { email: string; password: string; code: string }): Promise<Started> {
    const email = given.email.trim().toLowerCase();
    const attempt = { email, address: actor.address, brake: false };
    const failed = { target: `email:${email}`, step: 'password+recovery', refusal: problems.badCredentials };
    return inTurn(ctx, actor, attempt, failed, async () => {
      const row = await passwordHolder(ctx, email, given.password);
      if (!row || !(await spendRecoveryCode(ctx, actor, row, given.code))) return null;
      return completeSignIn(ctx, actor, row.id, null, 'password+recovery');
    });
  },

  async totp(ctx: ConsoleCtx, actor: Actor, challenge: string, code: string): Promise<Started> {
    return factorTurn(ctx, actor, challenge, 'totp', async (c, m) => {
      for (const f of await ctx.repos.factors.confirmed(m.id)) {
        if (f.kind !== 'totp' || !f.secret) continue;
        const step = totpStep(f.secret, code, Number(f.last_step), ctx.clock.now());
        if (step === null) continue;
        // Only the first request to reach this step wins: a replayed code updates nothing.
        if ((await ctx.repos.factors.takeStep(f.id, step, ctx.clock.nowSec())) === 1) return completeSignIn(ctx, actor, m.id, c.id, 'totp');
      }
      return null;
    });
  },

  async recovery(ctx: ConsoleCtx, actor: Actor, challenge: string, code: string): Promise<Started> {
    return factorTurn(ctx, actor, challenge, 'recovery', async (c, m) =>
      (await spendRecoveryCode(ctx, actor, m, code)) ? completeSignIn(ctx, actor, m.id, c.id, 'recovery') : null,
    );
  },

  async passkey(ctx: ConsoleCtx, actor: Actor, challenge: string, response: Record<string, unknown>, rp: RelyingParty): Promise<Started> {
    return factorTurn(ctx, actor, challenge, 'passkey', async (c, m) => {
      const expected = c.webauthn ? (JSON.parse(c.webauthn) as { challenge: string }).challenge : null;
      const credentialId = typeof response.id === 'string' ? response.id : '';
      const f = (await ctx.repos.factors.confirmed(m.id)).find((x) => x.kind === 'passkey' && x.credential_id === credentialId);
      if (!expected || !f) return null;
      const counter = await verifyAuthentication(response, expected, rp, f);
      if (counter === null) return null;
      await ctx.repos.factors.passkeyUsed(f.id, counter, ctx.clock.nowSec());
      return completeSignIn(ctx, actor, m.id, c.id, 'passkey');
    });
  },

  /** The password again, for sensitive changes: the session counts as recent for a few minutes. */
  async reauth(ctx: ConsoleCtx, actor: Actor, me: Me, password: string): Promise<{ reauthUntil: number }> {
    const attempt = { email: me.email, address: actor.address, brake: true };
    const failed = { target: `member:${me.id}`, step: null, refusal: problems.badCredentials };
    await inTurn(ctx, actor, attempt, failed, async () => {
      const row = await ctx.repos.staff.byId(me.id);
      return row && (await verifyPassword(row.password_hash, password)) ? row : null;
    });
    const reauthUntil = ctx.clock.nowSec() + REAUTH_SECONDS;
    await ctx.repos.sessions.setReauth(me.sessionId, reauthUntil);
    return { reauthUntil };
  },
};
