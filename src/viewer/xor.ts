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
  // lcm(key length, 4), grown towards BLOCK_TARGET so the inner loop runs long.
  const unit = key.length % 4 === 0 ? key.length : key.length % 2 === 0 ? key.length * 2 : key.length * 4;
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
      for (let j = 0; j < kw; j++) d32[w + j]! ^= k32[j]!;
      w += kw;
    }
    for (let j = 0; w < words; j++, w++) d32[w]! ^= k32[j]!;
    i = words << 2;
  }
  // The tail (and unaligned input) byte by byte; block alignment keeps i % key.length right.
  for (; i < n; i++) data[i]! ^= key[i % key.length]!;
  return data;
}
