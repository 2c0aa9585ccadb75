import crypto from 'node:crypto';

/**
 * Codes that link a device: 8 characters from 32 that are not
 * mistaken for one another when typed (no I, O, 0 or 1), so 40 random bits:
 * with a code alive 10 minutes and 10 wrong tries a client address (and a
 * device) per 10 minutes, a guess finds a live code about once in 10^11 tries.
 */
const LINK_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LINK_CODE_LENGTH = 8;
/** How long a code may be typed in (seconds). */
export const LINK_CODE_TTL_S = 600;
/** The window the limits below count in (seconds). */
export const LINK_WINDOW_S = 600;
/** Codes one device may make per window. */
export const LINK_CODES_PER_WINDOW = 5;
/** Wrong codes one client address, or one device, may try per window. */
export const LINK_FAILURES_PER_WINDOW = 10;

export function newLinkCode(): string {
  let s = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) s += LINK_ALPHABET[crypto.randomInt(LINK_ALPHABET.length)];
  return s;
}

/** A typed code as the server compares it: upper case, spaces and dashes dropped; null when it cannot be one. */
export function normalizeLinkCode(typed: string): string | null {
  const s = typed.toUpperCase().replace(/[\s-]/g, '');
  if (s.length !== LINK_CODE_LENGTH || [...s].some((c) => !LINK_ALPHABET.includes(c))) return null;
  return s;
}

/** What is stored of a code: its SHA-256, so a copy of the database holds no live code. */
export const linkCodeHash = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/** A group's data key: never sent out, with a ':' no SESSION-TOKEN may hold (server/plugins/visitor.ts sessionId). */
export const newGroupKey = () => `link:${crypto.randomBytes(16).toString('hex')}`;

/** The id a device list shows (random, so it tells nothing of the device's token). */
export const newDeviceId = () => crypto.randomBytes(8).toString('hex');
