import crypto from 'node:crypto';

/** A fresh random page key: 32 bytes, hex (never empty; see wire-format.md). */
export function newPageKey(): string {
  return crypto.randomBytes(32).toString('hex');
}

/** XOR with the repeating key; the same call encrypts and decrypts. */
export function xorWithKey(data: Uint8Array, keyHex: string): Buffer {
  const key = Buffer.from(keyHex, 'hex');
  if (key.length === 0) throw new Error('empty encryption key');
  const out = Buffer.allocUnsafe(data.length);
  for (let i = 0; i < data.length; i++) out[i] = data[i] ^ key[i % key.length];
  return out;
}
