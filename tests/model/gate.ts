/**
 * Holds the page's fetches that match a pattern until a test step says how
 * they end: 'pass' forwards to the real server, 'fail' forwards to an
 * unknown API route so the real server answers with its error envelope.
 * Install after useRealApi() has pointed fetch at the server (in beforeEach
 * or inside the test).
 */
export interface Gate {
  pending(): number;
  release(how: 'pass' | 'fail'): Promise<void>;
  uninstall(): void;
}

export function installGate(pattern: RegExp): Gate {
  const inner = globalThis.fetch;
  const queue: Array<{
    input: RequestInfo | URL;
    init: RequestInit | undefined;
    resolve: (r: Response) => void;
    reject: (e: unknown) => void;
  }> = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!pattern.test(url)) return inner(input, init);
    return new Promise<Response>((resolve, reject) => {
      const held = { input, init, resolve, reject };
      queue.push(held);
      // A held request is aborted as a browser's fetch is: it rejects and leaves the queue.
      init?.signal?.addEventListener('abort', () => {
        const i = queue.indexOf(held);
        if (i >= 0) queue.splice(i, 1);
        reject(init.signal!.reason as Error);
      });
    });
  };
  return {
    pending: () => queue.length,
    async release(how) {
      // Only a guard against a test that releases what never came (a hang otherwise).
      const deadline = Date.now() + 60_000;
      while (queue.length === 0) {
        if (Date.now() > deadline) throw new Error(`gate ${pattern}: no request to release`);
        await new Promise((r) => setTimeout(r, 10));
      }
      const q = queue.shift()!;
      const target = how === 'pass' ? q.input : '/api/__gate_failure__';
      inner(target, how === 'pass' ? q.init : { method: 'GET', headers: q.init?.headers ?? {} }).then(q.resolve, q.reject);
    },
    uninstall() {
      globalThis.fetch = inner;
    },
  };
}
