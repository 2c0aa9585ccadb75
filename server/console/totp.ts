import * as OTPAuth from 'otpauth';

/** TOTP second factors: RFC 6238, SHA-1, 6 digits, 30 s steps, a window of ±1 step. */
const PERIOD = 30;
const ISSUER = 'Manga console';

const totpOf = (secret: string, label: string) =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });

export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/** What an authenticator app needs: the secret as text, its otpauth:// URL and that URL as a QR code (SVG). */
export async function totpSetup(secret: string, label: string): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
  const otpauthUrl = totpOf(secret, label).toString();
  // Loaded at the first enrolment, not at start (about 1.2 MB of heap no reader's request needs).
  const { default: QRCode } = await import('qrcode');
  return { secret, otpauthUrl, qrSvg: await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 }) };
}

/**
 * The time step a code belongs to (within ±1 step of `nowMs`), or null.
 * A step at or before `lastStep` (a code already used) is refused: the
 * caller stores the step it accepted.
 */
export function totpStep(secret: string, code: string, lastStep: number, nowMs: number): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret, '').validate({ token, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / PERIOD) + delta;
  return step > lastStep ? step : null;
}

/** The code of a secret at a time (tests, and nothing else in the product). */
export const totpCode = (secret: string, nowMs: number) => totpOf(secret, '').generate({ timestamp: nowMs });
