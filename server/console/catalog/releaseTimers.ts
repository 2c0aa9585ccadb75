import type { DB } from '../../db/index.js';
import type { ServerClock } from '../../lib/clock.js';
import type { Notices } from '../../cluster/notices.js';
import { consoleRepos } from '../../repos/console/index.js';

/**
 * At a console chapter's release time a timer on each node tells every node
 * that it is out (the `published` notice: caches dropped, subscribers
 * notified once by the push service, which claims a release only once).
 * The timers are read again after every catalog notice (a schedule, a move,
 * another node's change).
 */
export interface ReleaseTimers {
  start(): Promise<void>;
  /** (Re)reads the scheduled chapters and sets a timer for each (after a schedule, or another node's catalog notice). */
  refresh(): Promise<void>;
  stop(): void;
}

export function releaseTimers(d: {
  db: DB;
  clock: ServerClock;
  notices: Notices;
  log: { warn(o: unknown, m: string): void };
}): ReleaseTimers {
  const timers = new Map<number, { at: number; t: ReturnType<ServerClock['setTimeout']> }>();
  let off: (() => void) | undefined;
  const { chapters } = consoleRepos(d.db);
  const refresh = async () => {
    const now = d.clock.nowSec();
    // Scheduled ones, and any whose time came without its notice (no claim yet): those fire at once.
    const rows = await chapters.timersDue(now);
    const seen = new Set<number>();
    for (const r of rows) {
      seen.add(r.id);
      const old = timers.get(r.id);
      if (old?.at === r.start_ts && r.start_ts > now) continue;
      if (old) d.clock.clearTimeout(old.t);
      const t = d.clock.setTimeout(
        () => {
          timers.delete(r.id);
          d.notices.publish({ kind: 'published', chapterId: r.id, titleId: r.title_id });
        },
        Math.max(0, r.start_ts * 1000 - d.clock.now()),
      );
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
        if (n.kind === 'catalog') refresh().catch((err: unknown) => d.log.warn({ err }, 'catalog: release timers'));
      });
      await refresh();
    },
    refresh,
    stop() {
      off?.();
      for (const v of timers.values()) d.clock.clearTimeout(v.t);
      timers.clear();
    },
  };
}
