/**
 * A zip bomb through the console's upload path (issue 46, item 4): one
 * upload of some 900 KB, a CBZ whose only entry, `001.png`, is 896 MiB of
 * zeros. The server runs in this process (tests/server's setup, SQLite); the
 * job is refused, and this prints the process's RSS before, its peak while
 * the job runs (sampled every 10 ms, and the lifetime peak the kernel
 * keeps), and what it still holds after the next job.
 *
 *   npx tsx bench/uploadBomb.ts          (896 MiB; a size in MiB as the argument)
 */
import { setupConsole, api, memberWithSession } from '../tests/server/consoleHelpers';
import { deflatedFill, page, upload, zipOf } from '../tests/server/consoleCatalogHelpers';
import { T } from '../tests/server/fixtureIds';

const MiB = 2 ** 20;
const size = Number(process.argv[2] ?? 896) * MiB;
const mb = (b: number) => `${Math.round(b / 1e6)} MB`;

const c = await setupConsole('sqlite', 'bomb');
const cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
const ch = (await api(c.app, 'POST', '/chapters', { cookie, body: { titleId: T.bladeEn, name: 'Bomb', subTitle: '' } })).json as {
  id: number;
};
const zip = zipOf([{ name: '001.png', data: Buffer.alloc(0), deflated: await deflatedFill(size) }]);
const job = async (file: string, data: Buffer) => {
  const id = await upload(c.app, cookie, ch.id, file, data);
  const { version } = (await api(c.app, 'GET', `/chapters/${ch.id}`, { cookie })).json as { version: number };
  await api(c.app, 'POST', `/chapters/${ch.id}/process`, { cookie, body: { uploads: [id], version } });
  await c.app.catalog.jobs.idle();
  return ((await api(c.app, 'GET', `/chapters/${ch.id}`, { cookie })).json as { job: { state: string; error?: { code: string } } }).job;
};

global.gc?.();
const before = process.memoryUsage().rss;
const hwmBefore = process.resourceUsage().maxRSS * 1024;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
const result = await job('bomb.cbz', zip);
clearInterval(sampler);
const hwm = process.resourceUsage().maxRSS * 1024;
await job('1.png', await page(600, 850));
global.gc?.();
const after = process.memoryUsage().rss;
console.log(
  `upload ${Math.round(zip.length / 1024)} KB, entry ${size / MiB} MiB of zeros: job ${result.state} (${result.error?.code ?? '-'})`,
);
console.log(
  `RSS before ${mb(before)}, peak while processing ${mb(Math.max(peak, hwm))} (sampled ${mb(peak)}, lifetime peak ${mb(hwm)}, ${mb(hwmBefore)} before), after the next job ${mb(after)}`,
);
await c.close();
