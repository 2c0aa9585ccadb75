import { loadConfig } from '../config.js';
import { backup } from '../ops/backup.js';

/** `npm run backup -- DEST`: see server/ops/backup.ts and the README ("Operating it"). */
const dest = process.argv[2];
if (!dest) {
  console.error('usage: npm run backup -- DEST   (an empty or new folder, or s3://KEY:SECRET@host/bucket/prefix)');
  process.exit(2);
}
try {
  const m = await backup(loadConfig(), dest);
  console.log(`backup written to ${dest}: ${m.database} database, ${m.images} images${m.pushKeys ? ', push keys' : ''}`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
