import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { init } from './0001_init.js';
import { views } from './0002_views.js';
import { push } from './0004_push.js';
import { history } from './0003_history.js';
import { console_ } from './0010_console.js';
import { hardening } from './0011_hardening.js';
// issue 33 (statistics)
import { stats } from './0014_stats.js';
// Issue 32.
import { home } from './0013_home.js';
// issue 31
import { catalog } from './0012_catalog.js';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '0001_init': init,
  '0002_views': views,
  '0003_history': history,
  '0004_push': push,
  '0010_console': console_,
  '0011_hardening': hardening,
  // issue 33 (statistics)
  '0014_stats': stats,
  // Issue 32.
  '0013_home': home,
  // issue 31
  '0012_catalog': catalog,
};
