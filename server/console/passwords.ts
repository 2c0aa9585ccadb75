import fs from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import type { Actor, ConsoleCtx } from './actor.js';
import type { Me } from './principal.js';
import { problems } from './problems.js';
import { randomToken } from './secrets.js';
import { checkReauth, endSessions } from './sessions.js';
import { audited } from './write.js';

/** Argon2id (the binding's default algorithm) with its recommended costs. */
export const hashPassword = (password: string) => hash(password);

const MIN_PASSWORD = 12;

let common: Set<string> | null = null;
/** The shipped list of the most common passwords (server/console/commonPasswords.txt, one a line, lower case). */
function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(path.join(import.meta.dirname, 'commonPasswords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l && !l.startsWith('#')),
  );
  return common;
}

/**
 * Refuses a password under 12 characters (code points), on the common list,
 * or a common one (6 characters or more) with digits or symbols added at the
 * end ("password1234", "dragon123456!"): the length rule alone lets those by.
 */
export function checkPassword(password: string): void {
  if ([...password].length < MIN_PASSWORD) throw problems.weakPassword();
  const lower = password.toLowerCase();
  const base = lower.replace(/[\d\W_]+$/u, '');
  if (commonPasswords().has(lower) || (base.length >= 6 && commonPasswords().has(base))) throw problems.commonPassword();
}

let dummy: Promise<string> | null = null;
/**
 * Verifies a password against a member's hash, or (no member) against a
 * hash of nothing anyone knows, so an unknown email costs the same time.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummy ??= hashPassword(randomToken());
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** A member's new password (the old one entered lately): their other sessions end. */
export async function changePassword(ctx: ConsoleCtx, actor: Actor, me: Me, password: string): Promise<void> {
  checkReauth(me.reauthUntil, ctx.clock.nowSec());
  checkPassword(password);
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
