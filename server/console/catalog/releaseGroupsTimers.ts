import type { DB } from '../../db/index.js';
import type { ServerClock } from '../../lib/clock.js';
import type { Notices } from '../../cluster/notices.js';
import { consoleRepos } from '../../repos/console/index.js';

/**
 * The release groups' job: at a scheduled group's time each node's timer
 * runs it (`run`: ./releaseGroups.ts `runDue`), and the group's claim lets
 * one of them through, so the release happens once for the deployment. A
 * group whose time passed while no node ran (a restart) runs at the next
 * read. The timers are read again after every catalog notice.
 */
export interface GroupTimers {
  start(): Promise<void>;
  refresh(): Promise<void>;
  /** Resolves once every run started so far has ended (tests). */
  idle(): Promise<void>;
  stop(): void;
}

export function releaseGroupTimers(d: {
  db: DB;
  clock: ServerClock;
  notices: Notices;
  run: (groupId: number) => Promise<unknown>;
  log: { warn(o: unknown, m: string): void };
}): GroupTimers {
  const timers = new Map<number, { at: number; t: ReturnType<ServerClock['setTimeout']> }>();
  const running = new Set<Promise<unknown>>();
  let off: (() => void) | undefined;
  let stopped = false;
  const { releaseGroups } = consoleRepos(d.db);
  const fire = (id: number) => {
    timers.delete(id);
    if (stopped) return;
    const p = d
      .run(id)
      .catch((err: unknown) => d.log.warn({ err, groupId: id }, 'catalog: release group'))
      .finally(() => running.delete(p));
    running.add(p);
  };
  const refresh = async () => {
    const now = d.clock.nowSec();
    const rows = await releaseGroups.scheduled();
    const seen = new Set<number>();
    for (const r of rows) {
      seen.add(r.id);
      const old = timers.get(r.id);
      if (old?.at === r.start_ts && r.start_ts > now) continue;
      if (old) d.clock.clearTimeout(old.t);
      const t = d.clock.setTimeout(() => fire(r.id), Math.max(0, r.start_ts * 1000 - d.clock.now()));
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
        if (n.kind === 'catalog' || n.kind === 'published')
          refresh().catch((err: unknown) => d.log.warn({ err }, 'catalog: release group timers'));
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
