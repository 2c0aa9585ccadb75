import type { ElkRun } from './chart';

/**
 * ELK in a Web Worker (elkWorker.ts), one for the explorer's page, started on
 * its first layout; answers matched to requests by id.
 */
let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

function start(): Worker {
  const w = new Worker(new URL('./elkWorker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (m: MessageEvent<{ id: number; out?: unknown; error?: string }>) => {
    const p = waiting.get(m.data.id);
    waiting.delete(m.data.id);
    if (m.data.error !== undefined) p?.reject(new Error(m.data.error));
    else p?.resolve(m.data.out);
  };
  w.onerror = (e) => {
    for (const p of waiting.values()) p.reject(new Error(e.message || 'layout worker failed'));
    waiting.clear();
    worker = null;
  };
  return w;
}

export const layoutInWorker: ElkRun = (graph) =>
  new Promise((resolve, reject) => {
    worker ??= start();
    const id = ++next;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, graph });
  });
