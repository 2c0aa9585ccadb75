import fs from 'node:fs';
import type { DB } from '../../db/index.js';
import type { ServerClock } from '../../lib/clock.js';
import { consoleRepos } from '../../repos/console/index.js';
import { removeUploads } from './jobs.js';

/** How long an upload may wait (config: UPLOAD_UNFINISHED_HOURS, UPLOAD_UNPROCESSED_MINUTES). */
export interface UploadLifetimes {
  uploadUnfinishedHours: number;
  uploadUnprocessedMinutes: number;
}

export interface UploadSweep {
  /** Sweeps now, then every SWEEP_MS until stopped. */
  start(): Promise<void>;
  /** One sweep; how many uploads it removed (rows and files without a row). */
  sweep(): Promise<number>;
  stop(): void;
}

/** How often a node sweeps (ms). */
const SWEEP_MS = 10 * 60_000;

/**
 * Abandoned uploads are reclaimed (issue 46): one begun and never finished
 * (a closed tab, a client that died) after UPLOAD_UNFINISHED_HOURS (24), one
 * finished and never made into pages after UPLOAD_UNPROCESSED_MINUTES (60),
 * unless its chapter's job is queued or running; their files, tus's notes and
 * rows go. A file under the folder with no row (its row went and the file
 * stayed: a crash between the two) goes too; tus writes a file only after
 * its row is made, so none being created is taken. Every node sweeps at
 * start and every 10 minutes on the injected clock; sweeps on several nodes
 * remove the same rows, harmlessly.
 */
export function uploadSweep(d: {
  db: DB;
  clock: ServerClock;
  uploadDir: string;
  lifetimes: UploadLifetimes;
  log: { warn(o: unknown, msg: string): void };
}): UploadSweep {
  const repos = consoleRepos(d.db);
  let timer: ReturnType<ServerClock['setTimeout']> | undefined;
  let stopped = false;

  async function sweep(): Promise<number> {
    const now = d.clock.nowSec();
    const expired = await repos.uploads.expired(
      now - Math.round(d.lifetimes.uploadUnfinishedHours * 3600),
      now - Math.round(d.lifetimes.uploadUnprocessedMinutes * 60),
    );
    if (expired.length > 0) {
      removeUploads(d.uploadDir, expired);
      await repos.uploads.remove(expired);
    }
    const onDisk = fs.existsSync(d.uploadDir) ? [...new Set(fs.readdirSync(d.uploadDir).map((f) => f.replace(/\.json$/, '')))] : [];
    const known = await repos.uploads.known(onDisk);
    const orphans = onDisk.filter((id) => !known.has(id));
    removeUploads(d.uploadDir, orphans);
    return expired.length + orphans.length;
  }

  const tick = () => {
    if (stopped) return;
    sweep()
      .catch((err: unknown) => d.log.warn({ err }, 'catalog: upload sweep failed'))
      .finally(() => {
        if (stopped) return;
        timer = d.clock.setTimeout(tick, SWEEP_MS);
        (timer as { unref?: () => void }).unref?.();
      });
  };

  return {
    async start() {
      // Not fatal: the node works without it, and the next sweep tries again.
      await sweep().catch((err: unknown) => d.log.warn({ err }, 'catalog: upload sweep failed'));
      if (stopped) return;
      timer = d.clock.setTimeout(tick, SWEEP_MS);
      (timer as { unref?: () => void }).unref?.();
    },
    sweep,
    stop() {
      stopped = true;
      if (timer) d.clock.clearTimeout(timer);
    },
  };
}
