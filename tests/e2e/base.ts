import { inject } from 'vitest';
import type { SharedConsole } from './consoleSupport';

const worker = () => Number(process.env.VITEST_POOL_ID ?? 1);

/**
 * The shared server of the worker running this file: e2e files run side by
 * side (tests/e2e/workers.ts), each worker with a server of its own, so one
 * file's visitors, rate limits and view counts never meet another's.
 */
export function e2eBase(): string {
  const urls = inject('baseUrls');
  return urls[(worker() - 1) % urls.length];
}

/**
 * The console server of the worker running this file (tests/e2e/globalSetup.ts): the demo catalog and a first
 * owner, whose session invites the members a file needs (consoleSupport.ts, newMember). The files of a worker
 * run one at a time on it, each after others in any order: a file makes members, titles and texts of its own,
 * and leaves nothing another file's readers would meet.
 */
export function consoleShared(): SharedConsole {
  const list = inject('consoleServers');
  if (!list.length) throw new Error('no shared console server: tests/e2e/globalSetup.ts found no console file in this run');
  return list[(worker() - 1) % list.length];
}
