import type { DB } from '../../db/index.js';
import type { ServerClock } from '../../lib/clock.js';
import type { Notices } from '../../cluster/notices.js';
import { consoleRepos } from '../../repos/console/index.js';
import { timedJobs, type TimedJobs } from './timedJobs.js';

/**
 * At a console chapter's release time a timer on each node tells every node
 * that it is out (the `published` notice: caches dropped, subscribers
 * notified once by the push service, which claims a release only once).
 * The timers are read again after every catalog notice (./timedJobs.ts).
 */
export type ReleaseTimers = TimedJobs;

export function releaseTimers(d: {
  db: DB;
  clock: ServerClock;
  notices: Notices;
  log: { warn(o: unknown, m: string): void };
}): ReleaseTimers {
  const { chapters } = consoleRepos(d.db);
  return timedJobs({
    clock: d.clock,
    notices: d.notices,
    // Scheduled ones, and any whose time came without its notice (no claim yet): those fire at once.
    read: (now) => chapters.timersDue(now),
    fire: (r) => d.notices.publish({ kind: 'published', chapterId: r.id, titleId: r.title_id }),
    rereadOn: ['catalog'],
    what: 'catalog: release',
    log: d.log,
  });
}
