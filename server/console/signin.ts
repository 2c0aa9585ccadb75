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
import { accountKey, addressKey, checkThrottle, clearThrottle, recordFailure } from './throttle.js';
import { totpStep } from './totp.js';
import { authenticationOptions, verifyAuthentication, type RelyingParty } from './webauthn.js';
import { audited } from './write.js';

/**
 * Sign-in: the password first (a challenge naming the second factors the
 * member holds), then one second factor (TOTP, a recovery code or a
 * passkey), which starts the session. Each failure counts against the
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
 * A member passed both factors: the challenge is spent, the account's
 * throttle cleared, a new session started, the sign-in audited. A disabled
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
      await clearThrottle(repos, accountKey(row.email));
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

/** A failed step: counted against its keys and audited (`reauth` for a re-authentication's password). */
async function failure(ctx: ConsoleCtx, actor: Actor, keys: string[], target: string, step: string | null) {
  await audited(
    ctx,
    actor,
    async ({ repos, now, audit }) => {
      await recordFailure(repos, keys, now);
      await audit(step === null ? { action: 'reauth.failure', target } : { action: 'sign-in.failure', target, after: { step } });
    },
    { readersSee: false },
  );
}

/** The challenge of a second-factor step and its member, after the throttle check. */
async function secondStep(ctx: ConsoleCtx, actor: Actor, challenge: string): Promise<{ c: ChallengeRow; m: StaffRow; keys: string[] }> {
  const now = ctx.clock.nowSec();
  const c = await findChallenge(ctx.repos, challenge, 'sign-in', now);
  if (!c) throw problems.badCode();
  const m = await ctx.repos.staff.byId(c.member_id);
  if (!m) throw problems.badCode();
  const keys = [accountKey(m.email), addressKey(actor.address)];
  await checkThrottle(ctx.repos, keys, now);
  return { c, m, keys };
}

export const signIn = {
  /** The password: a challenge naming the member's second factors (a passkey's options when they hold one). */
  async password(ctx: ConsoleCtx, actor: Actor, given: { email: string; password: string }, rpID: () => string) {
    const now = ctx.clock.nowSec();
    const email = given.email.trim().toLowerCase();
    const keys = [accountKey(email), addressKey(actor.address)];
    await checkThrottle(ctx.repos, keys, now);
    const row = await ctx.repos.staff.byEmail(email);
    const good = await verifyPassword(row?.password_hash ?? null, given.password);
    if (!row || !good || row.disabled === 1) {
      await failure(ctx, actor, keys, `email:${email}`, 'password');
      throw problems.badCredentials();
    }
    const factors = await ctx.repos.factors.confirmed(row.id);
    const passkeys = factors.filter((f) => f.kind === 'passkey');
    const passkeyOptions = passkeys.length ? await authenticationOptions(rpID(), passkeys) : undefined;
    const webauthn = passkeyOptions ? { challenge: passkeyOptions.challenge } : undefined;
    const challenge = await createChallenge(ctx.repos, row.id, 'sign-in', webauthn, now);
    const kinds: ('totp' | 'passkey' | 'recovery')[] = [];
    if (factors.some((f) => f.kind === 'totp')) kinds.push('totp');
    if (passkeys.length) kinds.push('passkey');
    if ((await recoveryCodesLeft(ctx.repos, row.id)) > 0) kinds.push('recovery');
    return { challenge, factors: kinds, ...(passkeyOptions ? { passkeyOptions } : {}) };
  },

  async totp(ctx: ConsoleCtx, actor: Actor, challenge: string, code: string): Promise<Started> {
    const { c, m, keys } = await secondStep(ctx, actor, challenge);
    for (const f of await ctx.repos.factors.confirmed(m.id)) {
      if (f.kind !== 'totp' || !f.secret) continue;
      const step = totpStep(f.secret, code, Number(f.last_step), ctx.clock.now());
      if (step === null) continue;
      // Only the first request to reach this step wins: a replayed code updates nothing.
      if ((await ctx.repos.factors.takeStep(f.id, step, ctx.clock.nowSec())) === 1) return completeSignIn(ctx, actor, m.id, c.id, 'totp');
    }
    await failure(ctx, actor, keys, `member:${m.id}`, 'totp');
    throw problems.badCode();
  },

  async recovery(ctx: ConsoleCtx, actor: Actor, challenge: string, code: string): Promise<Started> {
    const { c, m, keys } = await secondStep(ctx, actor, challenge);
    const used = await audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        if (!(await useRecoveryCode(repos, m.id, code, now))) return false;
        await audit({ action: 'recovery-code.use', target: `member:${m.id}`, actor: { kind: 'member', id: m.id, name: m.email } });
        return true;
      },
      { readersSee: false },
    );
    if (used) return completeSignIn(ctx, actor, m.id, c.id, 'recovery');
    await failure(ctx, actor, keys, `member:${m.id}`, 'recovery');
    throw problems.badCode();
  },

  async passkey(ctx: ConsoleCtx, actor: Actor, challenge: string, response: Record<string, unknown>, rp: RelyingParty): Promise<Started> {
    const { c, m, keys } = await secondStep(ctx, actor, challenge);
    const expected = c.webauthn ? (JSON.parse(c.webauthn) as { challenge: string }).challenge : null;
    const credentialId = typeof response.id === 'string' ? response.id : '';
    const f = (await ctx.repos.factors.confirmed(m.id)).find((x) => x.kind === 'passkey' && x.credential_id === credentialId);
    if (expected && f) {
      const counter = await verifyAuthentication(response, expected, rp, f);
      if (counter !== null) {
        await ctx.repos.factors.passkeyUsed(f.id, counter, ctx.clock.nowSec());
        return completeSignIn(ctx, actor, m.id, c.id, 'passkey');
      }
    }
    await failure(ctx, actor, keys, `member:${m.id}`, 'passkey');
    throw problems.badCode();
  },

  /** The password again, for sensitive changes: the session counts as recent for a few minutes. */
  async reauth(ctx: ConsoleCtx, actor: Actor, me: Me, password: string): Promise<{ reauthUntil: number }> {
    const now = ctx.clock.nowSec();
    const keys = [accountKey(me.email), addressKey(actor.address)];
    await checkThrottle(ctx.repos, keys, now);
    const row = await ctx.repos.staff.byId(me.id);
    if (!row || !(await verifyPassword(row.password_hash, password))) {
      await failure(ctx, actor, keys, `member:${me.id}`, null);
      throw problems.badCredentials();
    }
    const reauthUntil = now + REAUTH_SECONDS;
    await ctx.repos.sessions.setReauth(me.sessionId, reauthUntil);
    return { reauthUntil };
  },
};
