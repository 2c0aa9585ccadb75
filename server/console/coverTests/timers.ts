import type { DB } from '../../db/index.js';
import type { ServerClock } from '../../lib/clock.js';
import type { Notices } from '../../cluster/notices.js';
import { consoleRepos } from '../../repos/console/index.js';
import { timedJobs, type TimedJobs } from '../catalog/timedJobs.js';

/**
 * The cover tests' period job: at a running test's end each node's timer
 * calls `end` (./run.ts endDue), whose claim lets one of them through, so
 * the winner is picked once for the deployment. A test whose end passed
 * while no node ran is ended at the next read; the timers are read again
 * after every catalog notice (a start or an end on any node tells them).
 */
export function coverTestTimers(d: {
  db: DB;
  clock: ServerClock;
  notices: Notices;
  end: (id: number) => Promise<unknown>;
  log: { warn(o: unknown, m: string): void };
}): TimedJobs {
  const { coverTests } = consoleRepos(d.db);
  return timedJobs({
    clock: d.clock,
    notices: d.notices,
    read: () => coverTests.running(),
    fire: (r) => d.end(r.id),
    rereadOn: ['catalog'],
    what: 'cover test: end of period',
    log: d.log,
  });
}
