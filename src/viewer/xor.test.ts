import { describe, expect, it } from 'vitest';
import { hexToBytes, xorInPlace } from './xor';

function naive(data: Uint8Array, key: Uint8Array): Uint8Array {
  return data.map((b, i) => b ^ key[i % key.length]);
}

describe('xor decryption', () => {
  it('parses hex keys and rejects empty or odd ones', () => {
    expect([...hexToBytes('00ff10Ab')]).toEqual([0, 255, 16, 171]);
    expect(() => hexToBytes('')).toThrow();
    expect(() => hexToBytes('abc')).toThrow();
    expect(() => hexToBytes('zz')).toThrow();
  });

  it('matches the byte-wise definition for every key length and size', () => {
    for (const keyLen of [1, 2, 3, 4, 5, 7, 8, 16, 31, 32, 64, 100]) {
      const key = new Uint8Array(keyLen).map((_, i) => (i * 37 + 11) & 255);
      for (const size of [0, 1, 3, 63, 64, 65, 1000, 4096 * 3 + 17]) {
        const data = new Uint8Array(size).map((_, i) => (i * 13 + 5) & 255);
        expect(xorInPlace(data.slice(), key)).toEqual(naive(data, key));
      }
    }
  });

  it('is its own inverse and handles unaligned views', () => {
    const key = hexToBytes('a1b2c3d4e5');
    const buf = new Uint8Array(5001).map((_, i) => i & 255);
    const view = new Uint8Array(buf.buffer.slice(0), 1, 5000);
    const plain = view.slice();
    xorInPlace(view, key);
    expect(view).toEqual(naive(plain, key));
    xorInPlace(view, key);
    expect(view).toEqual(plain);
  });
});
