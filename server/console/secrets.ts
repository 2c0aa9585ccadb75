import crypto from 'node:crypto';

/** Random tokens and their stored form: only a token's SHA-256 is kept. */
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Constant-time equality of two strings (of any length: compared as their hashes). */
export function safeEqual(a: string, b: string): boolean {
  return crypto.timingSafeEqual(crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest());
}
