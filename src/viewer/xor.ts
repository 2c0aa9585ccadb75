/**
 * Page image decryption (wire-format: "Page images"): out[i] = in[i] ^ key[i % key.length].
 * The same operation encrypts. Runs in the decode workers.
 */
export function hexToBytes(hex: string): Uint8Array {
  const clean = hex.trim();
  if (clean.length === 0 || clean.length % 2 !== 0 || /[^0-9a-fA-F]/.test(clean)) throw new Error(`bad encryption key "${hex}"`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Bytes of the key repeated to a block that is a multiple of both the key and 4 bytes. */
const BLOCK_TARGET = 4096;

function keyBlock(key: Uint8Array): Uint8Array {
  // A multiple of the key length and of 32 bytes (8 words, the unrolled step), grown towards BLOCK_TARGET.
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const unit = (key.length * 32) / gcd(key.length, 32);
  const reps = Math.max(1, Math.floor(BLOCK_TARGET / unit));
  const block = new Uint8Array(unit * reps);
  for (let i = 0; i < block.length; i++) block[i] = key[i % key.length]!;
  return block;
}

/** XORs `data` in place with the repeating key. */
export function xorInPlace(data: Uint8Array, key: Uint8Array): Uint8Array {
  if (key.length === 0) throw new Error('empty key');
  const n = data.length;
  const aligned = data.byteOffset % 4 === 0;
  let i = 0;
  if (aligned && n >= 64) {
    const block = keyBlock(key);
    const k32 = new Uint32Array(block.buffer, 0, block.length >> 2);
    const kw = k32.length;
    const words = n >> 2;
    const d32 = new Uint32Array(data.buffer, data.byteOffset, words);
    let w = 0;
    while (w + kw <= words) {
      // Eight words a step (kw is a multiple of 8).
      for (let j = 0; j < kw; j += 8) {
        const b = w + j;
        d32[b] = d32[b] ^ k32[j];
        d32[b + 1] = d32[b + 1] ^ k32[j + 1];
        d32[b + 2] = d32[b + 2] ^ k32[j + 2];
        d32[b + 3] = d32[b + 3] ^ k32[j + 3];
        d32[b + 4] = d32[b + 4] ^ k32[j + 4];
        d32[b + 5] = d32[b + 5] ^ k32[j + 5];
        d32[b + 6] = d32[b + 6] ^ k32[j + 6];
        d32[b + 7] = d32[b + 7] ^ k32[j + 7];
      }
      w += kw;
    }
    for (let j = 0; w < words; j++, w++) d32[w] ^= k32[j];
    i = words << 2;
  }
  // The tail (and unaligned input) byte by byte; block alignment keeps i % key.length right.
  for (; i < n; i++) data[i] ^= key[i % key.length];
  return data;
}
