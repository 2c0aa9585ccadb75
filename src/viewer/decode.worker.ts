/// <reference lib="webworker" />
/**
 * Decode worker: fetches an encrypted page with streamed progress, XORs it
 * with its key, decodes it with createImageBitmap and transfers the bitmap
 * back. Several jobs may run at once (the network and decode are async).
 */
import { hexToBytes, xorInPlace } from './xor';
import type { WorkerReply, WorkerRequest } from './workerProtocol';

declare const self: DedicatedWorkerGlobalScope;

const jobs = new Map<number, AbortController>();

function post(msg: WorkerReply, transfer: Transferable[] = []): void {
  self.postMessage(msg, transfer);
}

async function readAll(res: Response, id: number, signal: AbortSignal): Promise<Uint8Array> {
  const total = Number(res.headers.get('content-length') ?? 0) || 0;
  if (!res.body) return new Uint8Array(await res.arrayBuffer());
  const reader = res.body.getReader();
  // Preallocate when the size is known; grow otherwise.
  let buf = new Uint8Array(total > 0 ? total : 256 * 1024);
  let loaded = 0;
  let reported = 0;
  for (;;) {
    if (signal.aborted) throw signal.reason;
    const { done, value } = await reader.read();
    if (done) break;
    if (loaded + value.length > buf.length) {
      const bigger = new Uint8Array(Math.max(buf.length * 2, loaded + value.length));
      bigger.set(buf.subarray(0, loaded));
      buf = bigger;
    }
    buf.set(value, loaded);
    loaded += value.length;
    // The first bytes at once (the bar starts moving), then every 32 KB.
    if (reported === 0 || loaded - reported >= 32 * 1024 || (total > 0 && loaded === total)) {
      reported = loaded;
      post({ type: 'progress', id, loaded, total });
    }
  }
  post({ type: 'progress', id, loaded, total: total || loaded });
  return buf.subarray(0, loaded);
}

async function load(req: Extract<WorkerRequest, { type: 'load' }>): Promise<void> {
  const ctrl = new AbortController();
  jobs.set(req.id, ctrl);
  try {
    const key = hexToBytes(req.key);
    const res = await fetch(req.url, { signal: ctrl.signal, credentials: 'same-origin' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const bytes = await readAll(res, req.id, ctrl.signal);
    xorInPlace(bytes, key);
    const blob = new Blob([bytes as BlobPart]);
    const bitmap = await createImageBitmap(blob);
    if (ctrl.signal.aborted) {
      bitmap.close();
      return;
    }
    post({ type: 'done', id: req.id, bitmap, bytes: bytes.length }, [bitmap]);
  } catch (e) {
    if (ctrl.signal.aborted) post({ type: 'aborted', id: req.id });
    else post({ type: 'error', id: req.id, message: e instanceof Error ? e.message : String(e) });
  } finally {
    jobs.delete(req.id);
  }
}

self.onmessage = (ev: MessageEvent<WorkerRequest>) => {
  const m = ev.data;
  if (m.type === 'load') void load(m);
  else if (m.type === 'abort') jobs.get(m.id)?.abort(new DOMException('aborted', 'AbortError'));
};
