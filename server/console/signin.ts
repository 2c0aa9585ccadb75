import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../db/index.js';
import { audit } from './audit.js';
import { memberById, memberOf, publicMember } from './members.js';
import { problems } from './problems.js';
import { randomToken, sha256 } from './secrets.js';
import { startSession } from './sessions.js';
import { accountKey, clearThrottle } from './throttle.js';

/** The step between a sign-in's password and its second factor (5 minutes, single use). */
const CHALLENGE_SECONDS = 300;

export async function createChallenge(db: DB, memberId: number, purpose: 'sign-in' | 'passkey', webauthn: unknown, now: number) {
  const token = randomToken();
  await db
    .insertInto('staff_challenges')
    .values({
      token_hash: sha256(token),
      member_id: memberId,
      purpose,
      webauthn: webauthn === undefined ? null : JSON.stringify(webauthn),
      expires_at: now + CHALLENGE_SECONDS,
    })
    .execute();
  return token;
}

/** A live challenge (expired ones are dropped). */
export async function findChallenge(db: DB, token: string, purpose: 'sign-in' | 'passkey', now: number) {
  await db.deleteFrom('staff_challenges').where('expires_at', '<=', now).execute();
  return db
    .selectFrom('staff_challenges')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * A member passed both factors: the challenge is spent, the account's
 * throttle cleared, a new session started (its cookie set), the sign-in
 * audited. A disabled member gets nothing.
 */
export async function completeSignIn(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  memberId: number,
  challengeId: number | null,
  via: string,
) {
  const now = app.clock.nowSec();
  const row = await memberById(app.db, memberId);
  if (!row || row.disabled === 1) throw problems.badCode();
  if (challengeId !== null) {
    const r = await app.db.deleteFrom('staff_challenges').where('id', '=', challengeId).executeTakeFirst();
    if (Number(r.numDeletedRows) !== 1) throw problems.badCode();
  }
  await clearThrottle(app.db, accountKey(row.email));
  await app.db.updateTable('staff_members').set({ last_sign_in_at: now }).where('id', '=', memberId).execute();
  const sessionId = await startSession(app.db, req, reply, memberId, now, app.consoleLifetimes);
  const member = memberOf(row);
  await audit(app.db, req, now, {
    action: 'sign-in.success',
    target: `member:${memberId}`,
    after: { via, session: sessionId },
    actor: { kind: 'member', id: memberId, name: member.email },
  });
  return { member: publicMember(member) };
}
