import crypto from 'node:crypto';

/**
 * Random tokens and their stored form: only a token's SHA-256 is kept, and a
 * token is found by its hash (an index lookup), so no comparison in our code
 * runs over a secret: timing tells nothing of a stored token. (TOTP codes are
 * compared by otpauth in constant time; passwords by Argon2's verify.)
 */
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
