import { waitFor } from '@testing-library/react';

/**
 * The console API as the test decides: every fetch to /console/api waits
 * until the test answers it (`answer(method, path, status, body)`), so each
 * server answer of a machine path is one step the test takes. The UI is the
 * real console; only the network is scripted.
 */
export interface Pending {
  method: string;
  path: string;
  body: unknown;
  respond: (r: Response) => void;
}

export function scriptedConsoleApi() {
  const pending: Pending[] = [];
  const realFetch = globalThis.fetch;
  const install = () => {
    pending.length = 0;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      const path = url.pathname.replace(/^\/console\/api/, '') + url.search;
      return new Promise<Response>((respond) =>
        pending.push({
          method: init?.method ?? 'GET',
          path,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
          respond,
        }),
      );
    };
  };
  const uninstall = () => {
    globalThis.fetch = realFetch;
  };
  /** Waits for the request (bounded by Testing Library's timeout) and answers it. */
  const answer = async (method: string, path: string | RegExp, status: number, body?: unknown) => {
    const match = (p: Pending) => p.method === method && (typeof path === 'string' ? p.path === path : path.test(p.path));
    await waitFor(() => {
      if (!pending.some(match))
        throw new Error(`no ${method} ${String(path)} waiting (waiting: ${pending.map((p) => `${p.method} ${p.path}`).join(', ')})`);
    });
    const i = pending.findIndex(match);
    const [p] = pending.splice(i, 1);
    const problem = status >= 400;
    p.respond(
      new Response(status === 204 ? null : JSON.stringify(body ?? {}), {
        status,
        headers: { 'content-type': problem ? 'application/problem+json' : 'application/json' },
      }),
    );
    return p;
  };
  const has = (method: string, path: string) => pending.some((p) => p.method === method && p.path === path);
  return { install, uninstall, answer, has, pending };
}

export const problem = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  type: `urn:problem:${code}`,
  title: code,
  status,
  code,
  ...extra,
});

/**
 * A clock whose timers run, and whose time moves, when the test says (a `DateClock`, core/clock.ts):
 * `tick()` runs every armed timer once, however far off (a repeating one arms itself again for the
 * next tick); `advance(ms)` moves time on, then does the same.
 */
export function manualConsoleClock(startMs = Date.UTC(2026, 10, 26, 9, 0)) {
  const timers = new Map<number, () => void>();
  let nextId = 1;
  let nowMs = startMs;
  const tick = () => {
    for (const [id, fn] of [...timers]) {
      if (!timers.delete(id)) continue;
      fn();
    }
  };
  return {
    now: () => nowMs,
    setTimeout(fn: () => void, _ms: number) {
      const id = nextId++;
      timers.set(id, fn);
      return id;
    },
    clearTimeout(id: number) {
      timers.delete(id);
    },
    /** Moves time on and runs the timers once. */
    advance(ms: number) {
      nowMs += ms;
      tick();
    },
    tick,
  };
}
