/// <reference lib="webworker" />
/**
 * bench/decrypt's worker (test-only, started by the harness): the viewer's
 * XOR (../xor.ts) over `size` bytes `rounds` times, against a plain
 * TypedArray.set copy of the same bytes, in a worker as the decode workers run it.
 */
import { hexToBytes, xorInPlace } from '../xor';

declare const self: DedicatedWorkerGlobalScope;

export interface XorBenchRequest {
  size: number;
  rounds: number;
  key: string;
}
export interface XorBenchResult {
  xorMs: number;
  copyMs: number;
  bytes: number;
  check: number;
}

self.onmessage = (ev: MessageEvent<XorBenchRequest>) => {
  const m = ev.data;
  const data = new Uint8Array(m.size).map((_, i) => i & 255);
  const key = hexToBytes(m.key);
  const copy = new Uint8Array(m.size);
  const t0 = performance.now();
  for (let r = 0; r < m.rounds; r++) xorInPlace(data, key);
  const t1 = performance.now();
  for (let r = 0; r < m.rounds; r++) copy.set(data);
  const t2 = performance.now();
  self.postMessage({ xorMs: t1 - t0, copyMs: t2 - t1, bytes: m.size * m.rounds, check: data[7] ^ copy[7] } satisfies XorBenchResult);
};
