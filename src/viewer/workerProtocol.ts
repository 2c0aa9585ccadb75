/** Messages between the viewer and its decode workers. */
export type WorkerRequest = { type: 'load'; id: number; url: string; key: string } | { type: 'abort'; id: number };

export type WorkerReply =
  | { type: 'progress'; id: number; loaded: number; total: number }
  | { type: 'done'; id: number; bitmap: ImageBitmap; bytes: number }
  | { type: 'error'; id: number; message: string }
  | { type: 'aborted'; id: number };
