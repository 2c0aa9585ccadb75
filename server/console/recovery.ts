import crypto from 'node:crypto';
import type { ConsoleRepos } from '../repos/console/index.js';
import { sha256 } from './secrets.js';

/** Ten single-use recovery codes: xxxxx-xxxxx from a 32-letter alphabet (50 bits), stored hashed. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const hashOf = (code: string) => sha256(code.toLowerCase().replace(/[^a-z0-9]/g, ''));

function newCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces a member's recovery codes with ten new ones (returned once, in clear). */
export async function replaceRecoveryCodes(repos: ConsoleRepos, memberId: number): Promise<string[]> {
  const codes = Array.from({ length: 10 }, newCode);
  await repos.factors.removeCodes(memberId);
  await repos.factors.addCodes(memberId, codes.map(hashOf));
  return codes;
}

/** Uses one of a member's unused codes; false when it is none of them. */
export async function useRecoveryCode(repos: ConsoleRepos, memberId: number, code: string, now: number): Promise<boolean> {
  return (await repos.factors.useCode(memberId, hashOf(code), now)) === 1;
}

export const recoveryCodesLeft = (repos: ConsoleRepos, memberId: number) => repos.factors.codesLeft(memberId);
