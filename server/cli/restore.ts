import { loadConfig } from '../config.js';
import { restore, RestoreRefused, TARGET_NOT_EMPTY_EXIT } from '../ops/restore.js';

/** `npm run restore -- SRC`: see server/ops/restore.ts and the README ("Operating it"). */
const src = process.argv[2];
if (!src) {
  console.error('usage: npm run restore -- SRC   (a folder or bucket URL written by npm run backup)');
  process.exit(2);
}
try {
  const m = await restore(loadConfig(), src);
  console.log(`restored ${m.database} database and ${m.images} images from ${src} (backup of ${m.createdAt}); start the server`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(e instanceof RestoreRefused ? TARGET_NOT_EMPTY_EXIT : 1);
}
