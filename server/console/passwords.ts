import { hash, verify } from '@node-rs/argon2';
import type { Actor, ConsoleCtx } from './actor.js';
import { weaknessOf } from './passwordStrength.js';
import type { Me } from './principal.js';
import { problems } from './problems.js';
import { randomToken } from './secrets.js';
import { checkReauth, endSessions } from './sessions.js';
import { audited } from './write.js';

/**
 * A password as it is checked and hashed: Unicode NFKC, so a fullwidth,
 * composed or decomposed form is the same password as its plain one
 * (ｐａｓｓｗｏｒｄ１２３４ is password1234), whatever the keyboard sent.
 */
const normalisePassword = (password: string) => password.normalize('NFKC');

/** Argon2id (the binding's default algorithm) with its recommended costs, of the normalised password. */
export const hashPassword = (password: string) => hash(normalisePassword(password));

const MIN_PASSWORD = 12;

/**
 * Refuses a password (normalised) under 12 characters (code points:
 * `weak-password`), on the breached-password list or made of one
 * (`common-password`), the account's email, its local part or name or the
 * service's words (`personal-password`), or a pattern a guesser tries early:
 * repetitions, sequences, keyboard rows, dates, common words
 * (`guessable-password`; server/console/passwordStrength.ts). The schema
 * caps its length (256).
 */
export async function checkPassword(password: string, account: { email: string; name: string }): Promise<void> {
  const normal = normalisePassword(password);
  if ([...normal].length < MIN_PASSWORD) throw problems.weakPassword();
  const weakness = await weaknessOf(normal, account);
  if (weakness === 'common') throw problems.commonPassword();
  if (weakness === 'personal') throw problems.personalPassword();
  if (weakness === 'guessable') throw problems.guessablePassword();
}

let dummy: Promise<string> | null = null;
/**
 * Verifies a password (normalised) against a member's hash, or (no member)
 * against a hash of nothing anyone knows, so an unknown email costs the same time.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const normal = normalisePassword(password);
  const hashed = stored ?? (await (dummy ??= hashPassword(randomToken())));
  if ((await verify(hashed, normal).catch(() => false)) && stored !== null) return true;
  // A hash made before passwords were normalised was made of the form as typed: it still verifies
  // (and an unknown email costs the same second verification).
  if (normal === password) return false;
  return (await verify(hashed, password).catch(() => false)) && stored !== null;
}

/** A member's new password (the old one entered lately): their other sessions end. */
export async function changePassword(ctx: ConsoleCtx, actor: Actor, me: Me, password: string): Promise<void> {
  checkReauth(me.reauthUntil, ctx.clock.nowSec());
  await checkPassword(password, me);
  const hash = await hashPassword(password);
  await audited(
    ctx,
    actor,
    async ({ repos, audit }) => {
      await repos.staff.update(me.id, { password_hash: hash });
      const ended = await endSessions(repos, me.id, me.sessionId);
      await audit({ action: 'password.change', target: `member:${me.id}`, after: { endedSessions: ended } });
    },
    { readersSee: false },
  );
}
