import fp from 'fastify-plugin';
import { DAY } from '../lib/clock.js';
import { compactStats } from '../stats/compaction.js';
import { viewTokenKeys, type ViewTokenKeys } from '../services/viewTokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The keys of the phone app's view tokens (server/services/viewTokens.ts). */
    viewTokens: ViewTokenKeys;
  }
}

/** How often rows of views past their retention are deleted (ms). */
const PRUNE_EVERY_MS = 3600_000;

/**
 * Reading records kept for what they are for: the view tokens' keys, and the
 * retention of visitors' viewed-chapter rows (VIEW_RETENTION_DAYS; deleted
 * hourly by every node, which is idempotent, and once at start), and the
 * rollups' hours older than STATS_HOURLY_DAYS compacted into their days
 * (server/stats/compaction.ts: the node whose claim moves the day does it).
 */
export default fp((app, _opts, done) => {
  app.decorate('viewTokens', viewTokenKeys(app.db, app.clock, app.config));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let compacting: Promise<unknown> | null = null;
  const prune = async () => {
    const before = app.clock.nowSec() - app.config.viewRetentionDays * DAY;
    await app.repos.views.prune(before).catch((err: unknown) => app.log.warn({ err }, 'views: pruning old rows failed'));
    // Raw banner and popup events go with the same retention; the analyst's rollups stay.
    await app.repos.stats.pruneRaw(before).catch((err: unknown) => app.log.warn({ err }, 'stats: pruning raw events failed'));
    // Old hours of the rollups into their UTC days: one node a day claims it, the others find it done. Not
    // awaited (the first one after an upgrade deletes every old hour, which start-up need not wait for).
    compacting ??= compactStats(app.db, app.clock.nowSec(), app.config.statsHourlyDays)
      .catch((err: unknown) => void app.log.warn({ err }, 'stats: compacting old hours failed'))
      .finally(() => (compacting = null));
    timer = app.clock.setTimeout(() => void prune(), PRUNE_EVERY_MS);
    (timer as { unref?: () => void }).unref?.();
  };
  app.addHook('onReady', async () => {
    await app.viewTokens.ready();
    await prune();
  });
  app.addHook('onClose', async () => {
    if (timer) app.clock.clearTimeout(timer);
    await compacting;
  });
  done();
});
