import type { DB } from '../../db/index.js';
import type { ServerClock } from '../../lib/clock.js';
import type { Notices } from '../../cluster/notices.js';
import { consoleRepos } from '../../repos/console/index.js';
import { timedJobs, type TimedJobs } from './timedJobs.js';

/**
 * The release groups' job: at a scheduled group's time each node's timer
 * runs it (`run`: ./releaseGroups.ts `runDue`), and the group's claim lets
 * one of them through, so the release happens once for the deployment. A
 * group whose time passed while no node ran (a restart) runs at the next
 * read. The timers are read again after every catalog or release notice
 * (./timedJobs.ts).
 */
export type GroupTimers = TimedJobs;

export function releaseGroupTimers(d: {
  db: DB;
  clock: ServerClock;
  notices: Notices;
  run: (groupId: number) => Promise<unknown>;
  log: { warn(o: unknown, m: string): void };
}): GroupTimers {
  const { releaseGroups } = consoleRepos(d.db);
  return timedJobs({
    clock: d.clock,
    notices: d.notices,
    read: () => releaseGroups.scheduled(),
    fire: (r) => d.run(r.id),
    rereadOn: ['catalog', 'published'],
    what: 'catalog: release group',
    log: d.log,
  });
}
