import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { init } from './0001_init.js';
import { views } from './0002_views.js';
import { push } from './0004_push.js';
import { history } from './0003_history.js';
import { console_ } from './0010_console.js';
import { hardening } from './0011_hardening.js';
import { catalog } from './0012_catalog.js';
import { home } from './0013_home.js';
import { stats } from './0014_stats.js';
import { readerSync } from './0015_reader_sync.js';
import { healthProbe } from './0016_health_probe.js';
import { statsDays } from './0017_stats_days.js';
import { bytewiseKeys } from './0018_bytewise_keys.js';
import { packedSketches } from './0019_packed_sketches.js';
import { statsBlocks } from './0020_stats_blocks.js';
import { uploadLifetimes } from './0021_upload_lifetimes.js';
import { draftsPublishers } from './0022_drafts_publishers.js';
import { releaseGroups } from './0023_release_groups.js';
import { coverTests } from './0024_cover_tests.js';
import { bannerTests } from './0025_banner_tests.js';
import { statsCompaction } from './0026_stats_compaction.js';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '0001_init': init,
  '0002_views': views,
  '0003_history': history,
  '0004_push': push,
  '0010_console': console_,
  '0011_hardening': hardening,
  '0012_catalog': catalog, // series, titles, chapters
  '0013_home': home, // the home and the readers' voice
  '0014_stats': stats, // statistics
  '0015_reader_sync': readerSync, // page bookmarks, linked devices
  '0016_health_probe': healthProbe, // readiness writes
  '0017_stats_days': statsDays, // daily rollups beside the hourly ones, an index by key and hour
  '0018_bytewise_keys': bytewiseKeys, // viewed_chapters' tokens and the rollups' keys compared as bytes on PostgreSQL
  '0019_packed_sketches': packedSketches, // dense sketches stored packed, not deflated
  '0020_stats_blocks': statsBlocks, // rollups in blocks of hours and days for titles and in all
  '0021_upload_lifetimes': uploadLifetimes, // whose a chapter upload is, when it finished (quotas, the sweep)
  '0022_drafts_publishers': draftsPublishers, // draft and coming-soon titles, publishers' logos and versions
  '0023_release_groups': releaseGroups, // one release of a chapter in several languages
  '0024_cover_tests': coverTests, // a title's cover or thumbnail tested against others
  '0025_banner_tests': bannerTests, // a home banner's image tested against others
  '0026_stats_compaction': statsCompaction, // where the rollups' old hours are read from their days (issue 49)
};
