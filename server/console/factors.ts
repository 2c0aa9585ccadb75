import type { Actor, ConsoleCtx } from './actor.js';
import type { Me } from './principal.js';
import { problems } from './problems.js';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery.js';
import { checkReauth, endSessions } from './sessions.js';
import { createChallenge } from './signin.js';
import { newTotpSecret, totpSetup, totpStep } from './totp.js';
import { registrationOptions, verifyRegistration, type RelyingParty } from './webauthn.js';
import { audited, type WriteTx } from './write.js';

/**
 * A member's second factors and recovery codes (their routes:
 * server/console/factorRoutes.ts). Every change asks for the password first
 * (reauth), is audited, and ends the member's other sessions.
 */
const reauthed = (ctx: ConsoleCtx, me: Me) => checkReauth(me.reauthUntil, ctx.clock.nowSec());

/** A change made: the member's other sessions ended, and the change audited with them. */
async function changed(tx: WriteTx, me: Me, action: string, target: string, after: object) {
  const ended = await endSessions(tx.repos, me.id, me.sessionId);
  await tx.audit({ action, target, after: { ...after, endedSessions: ended } });
}

const NO_SECRET = { secret: null, credential_id: null, public_key: null, counter: 0, transports: null, last_step: 0 };

const change = <T>(ctx: ConsoleCtx, actor: Actor, run: (tx: WriteTx) => Promise<T>) => audited(ctx, actor, run, { readersSee: false });

export const factors = {
  async list(ctx: ConsoleCtx, me: Me) {
    const rows = await ctx.repos.factors.confirmed(me.id);
    return {
      factors: rows.map((f) => ({
        id: f.id,
        kind: f.kind,
        name: f.name,
        createdAt: Number(f.created_at),
        lastUsedAt: f.last_used_at === null ? null : Number(f.last_used_at),
      })),
      recoveryCodesLeft: await recoveryCodesLeft(ctx.repos, me.id),
    };
  },

  /** A TOTP factor waiting for its first code, and what the member's app needs. */
  async addTotp(ctx: ConsoleCtx, me: Me, name: string) {
    reauthed(ctx, me);
    const secret = newTotpSecret();
    const id = await ctx.repos.factors.add({
      ...NO_SECRET,
      member_id: me.id,
      kind: 'totp',
      name,
      secret,
      confirmed: 0,
      created_at: ctx.clock.nowSec(),
      last_used_at: null,
    });
    return { id, ...(await totpSetup(secret, me.email)) };
  },

  /** The first code of a TOTP factor confirms it; the member's first factor of their own also gets recovery codes. */
  async confirmTotp(ctx: ConsoleCtx, actor: Actor, me: Me, id: number, code: string): Promise<{ recoveryCodes?: string[] }> {
    reauthed(ctx, me);
    const f = await ctx.repos.factors.unconfirmed(id, me.id);
    if (!f?.secret) throw problems.notFound('No such factor waiting for its code.');
    const step = totpStep(f.secret, code, 0, ctx.clock.now());
    if (step === null) throw problems.badCode();
    return change(ctx, actor, async (tx) => {
      await tx.repos.factors.confirm(f.id, step);
      const first = (await recoveryCodesLeft(tx.repos, me.id)) === 0;
      await changed(tx, me, 'factor.add', `factor:${f.id}`, { kind: 'totp', name: f.name });
      return first ? { recoveryCodes: await replaceRecoveryCodes(tx.repos, me.id) } : {};
    });
  },

  /** A passkey's registration options; one registration under way per member (the challenge row names it). */
  async startPasskey(ctx: ConsoleCtx, me: Me, name: string, rpID: string) {
    reauthed(ctx, me);
    const existing = await ctx.repos.factors.confirmed(me.id);
    const options = await registrationOptions(rpID, me.email, existing);
    await ctx.repos.challenges.removeOf(me.id, 'passkey');
    await createChallenge(ctx.repos, me.id, 'passkey', { challenge: options.challenge, name, member: me.id }, ctx.clock.nowSec());
    return { options };
  },

  async confirmPasskey(ctx: ConsoleCtx, actor: Actor, me: Me, response: Record<string, unknown>, rp: RelyingParty): Promise<void> {
    reauthed(ctx, me);
    const c = await ctx.repos.challenges.liveOf(me.id, 'passkey', ctx.clock.nowSec());
    const w = c?.webauthn ? (JSON.parse(c.webauthn) as { challenge: string; name: string }) : null;
    const cred = w ? await verifyRegistration(response, w.challenge, rp) : null;
    if (!c || !w || !cred) throw problems.badCode();
    await change(ctx, actor, async (tx) => {
      await tx.repos.challenges.remove(c.id);
      const id = await tx.repos.factors.add({
        ...NO_SECRET,
        member_id: me.id,
        kind: 'passkey',
        name: w.name,
        credential_id: cred.credentialId,
        public_key: cred.publicKey,
        counter: cred.counter,
        transports: cred.transports,
        confirmed: 1,
        created_at: tx.now,
        last_used_at: null,
      });
      await changed(tx, me, 'factor.add', `factor:${id}`, { kind: 'passkey', name: w.name });
    });
  },

  /** Removes a factor, never the member's last one. */
  async remove(ctx: ConsoleCtx, actor: Actor, me: Me, id: number): Promise<void> {
    reauthed(ctx, me);
    const all = await ctx.repos.factors.confirmed(me.id);
    const f = all.find((x) => x.id === id);
    if (!f) throw problems.notFound('No such factor.');
    if (all.length === 1) throw problems.lastFactor();
    await change(ctx, actor, async (tx) => {
      await tx.repos.factors.remove(f.id);
      await changed(tx, me, 'factor.remove', `factor:${f.id}`, { kind: f.kind, name: f.name });
    });
  },

  async newRecoveryCodes(ctx: ConsoleCtx, actor: Actor, me: Me): Promise<{ recoveryCodes: string[] }> {
    reauthed(ctx, me);
    return change(ctx, actor, async (tx) => {
      const recoveryCodes = await replaceRecoveryCodes(tx.repos, me.id);
      await changed(tx, me, 'recovery-codes.replace', `member:${me.id}`, {});
      return { recoveryCodes };
    });
  },
};
