import type { ServerClock } from '../../lib/clock.js';
import type { Notice, Notices } from '../../cluster/notices.js';

/**
 * One timer per row at its `start_ts`, kept in step with the database: the
 * rows are read again at start and after every notice of the kinds listed
 * (a schedule, a move, another node's change); a row whose time moved gets
 * a new timer, a row gone loses its timer, and a row already due fires at
 * once. What firing does is the caller's (the chapters' release notice, the
 * release groups' job); a job still running is waited for by `idle`.
 */
export interface TimedJobs {
  start(): Promise<void>;
  /** (Re)reads the rows and sets a timer for each. */
  refresh(): Promise<void>;
  /** Resolves once every job started so far has ended (tests). */
  idle(): Promise<void>;
  stop(): void;
}

export interface TimedRow {
  id: number;
  start_ts: number;
}

export function timedJobs<R extends TimedRow>(d: {
  clock: ServerClock;
  notices: Notices;
  /** The rows to time now (their times in seconds). */
  read: (nowSec: number) => Promise<R[]>;
  /** The job of a row whose time came. */
  fire: (row: R) => Promise<unknown> | void;
  /** Notices after which the rows are read again. */
  rereadOn: ReadonlyArray<Notice['kind']>;
  /** What the log calls these jobs. */
  what: string;
  log: { warn(o: unknown, m: string): void };
}): TimedJobs {
  const timers = new Map<number, { at: number; t: ReturnType<ServerClock['setTimeout']> }>();
  const running = new Set<Promise<unknown>>();
  let off: (() => void) | undefined;
  let stopped = false;
  const fire = (r: R) => {
    timers.delete(r.id);
    if (stopped) return;
    const p = Promise.resolve()
      .then(() => d.fire(r))
      .catch((err: unknown) => d.log.warn({ err, id: r.id }, d.what))
      .finally(() => running.delete(p));
    running.add(p);
  };
  const refresh = async () => {
    const now = d.clock.nowSec();
    const seen = new Set<number>();
    for (const r of await d.read(now)) {
      seen.add(r.id);
      const old = timers.get(r.id);
      if (old?.at === r.start_ts && r.start_ts > now) continue;
      if (old) d.clock.clearTimeout(old.t);
      const t = d.clock.setTimeout(() => fire(r), Math.max(0, r.start_ts * 1000 - d.clock.now()));
      (t as { unref?: () => void }).unref?.();
      timers.set(r.id, { at: r.start_ts, t });
    }
    for (const [id, v] of timers)
      if (!seen.has(id)) {
        d.clock.clearTimeout(v.t);
        timers.delete(id);
      }
  };
  return {
    async start() {
      off = d.notices.on((n) => {
        if (d.rereadOn.includes(n.kind)) refresh().catch((err: unknown) => d.log.warn({ err }, `${d.what} timers`));
      });
      await refresh();
    },
    refresh,
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
    stop() {
      stopped = true;
      off?.();
      for (const v of timers.values()) d.clock.clearTimeout(v.t);
      timers.clear();
    },
  };
}
