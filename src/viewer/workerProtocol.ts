/** Messages between the viewer and its decode workers. */
export type WorkerRequest =
  | { type: 'load'; id: number; url: string; key: string }
  | { type: 'abort'; id: number }
  /** Benchmark hook (bench/decrypt): XOR vs a plain copy of the same bytes, in the worker. */
  | { type: 'xor-bench'; size: number; rounds: number; key: string };

export type WorkerReply =
  | { type: 'progress'; id: number; loaded: number; total: number }
  | { type: 'done'; id: number; bitmap: ImageBitmap; bytes: number }
  | { type: 'error'; id: number; message: string }
  | { type: 'aborted'; id: number }
  | { type: 'xor-bench'; xorMs: number; copyMs: number; bytes: number; check: number };
