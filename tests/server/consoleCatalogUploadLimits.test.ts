import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers.js';
import { T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { deflatedFill, filesUnder, page, upload, zipOf } from './consoleCatalogHelpers.js';

interface Ch {
  id: number;
  version: number;
  pages: { id: number }[];
  job: { state: string; error?: { code: string; detail: string } };
}

const MiB = 2 ** 20;

/** A PNG's first bytes claiming a size: a sound signature and IHDR, then whatever follows. */
function pngHead(width: number, height: number): Buffer {
  const h = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(h);
  h.writeUInt32BE(13, 8);
  h.write('IHDR', 12, 'latin1');
  h.writeUInt32BE(width, 16);
  h.writeUInt32BE(height, 20);
  h.set([8, 2, 0, 0, 0], 24);
  return h;
}

/**
 * Issue 46: what an upload may make the server hold. A page's bytes are
 * checked as they inflate (signature, pixel size in the header, a byte cap on
 * what is actually read); a broken image is a 400 everywhere.
 */
describe.each(BACKENDS)('upload limits on %s', (backend) => {
  let c: ConsoleApp;
  let cookie: string;
  beforeAll(async () => {
    c = await setupConsole(backend, 'catlimits');
    cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
  });
  afterAll(() => c?.close());

  const get = async (id: number) => (await api(c.app, 'GET', `/chapters/${id}`, { cookie })).json as unknown as Ch;
  const draft = async (name: string) =>
    (await api(c.app, 'POST', '/chapters', { cookie, body: { titleId: T.bladeEn, name, subTitle: '' } })).json as unknown as Ch;
  /** Processes one upload; the job's outcome and the process's memory growth while it ran (peak RSS and array buffers, sampled). */
  const processOne = async (ch: Ch, file: string, data: Buffer) => {
    const id = await upload(c.app, cookie, ch.id, file, data);
    const rss0 = process.memoryUsage().rss;
    const ab0 = process.memoryUsage().arrayBuffers;
    let rss = rss0;
    let ab = ab0;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      rss = Math.max(rss, m.rss);
      ab = Math.max(ab, m.arrayBuffers);
    }, 5);
    await api(c.app, 'POST', `/chapters/${ch.id}/process`, { cookie, body: { uploads: [id], version: (await get(ch.id)).version } });
    await c.app.catalog.jobs.idle();
    clearInterval(sample);
    const m = process.memoryUsage();
    return { after: await get(ch.id), rssGrowth: Math.max(rss, m.rss) - rss0, bufferGrowth: Math.max(ab, m.arrayBuffers) - ab0 };
  };
  const nothingLeft = (ch: Ch, after: Ch) => {
    expect(after.pages).toEqual([]);
    expect(filesUnder(path.join(c.app.config.dataDir, 'img', `page/d${ch.id}`))).toEqual([]);
    expect(filesUnder(c.app.catalog.uploadDir)).toEqual([]);
  };

  it('a zip bomb (512 MiB of zeros named 001.png, in a 500 KB upload) is refused at its first bytes, holding far less than the entry', async () => {
    const ch = await draft('Bomb');
    const zip = zipOf([{ name: '001.png', data: Buffer.alloc(0), deflated: await deflatedFill(512 * MiB) }]);
    expect(zip.length).toBeLessThan(MiB);
    const { after, rssGrowth, bufferGrowth } = await processOne(ch, 'bomb.cbz', zip);
    expect(after.job.error?.code).toBe('not-an-image');
    nothingLeft(ch, after);
    expect(rssGrowth).toBeLessThan(200 * MiB);
    expect(bufferGrowth).toBeLessThan(200 * MiB);
  });

  it('an entry whose real bytes pass the per-page cap is stopped there, whatever its header says', async () => {
    const ch = await draft('Long Tail');
    // A sound 100 x 100 PNG header, then 512 MiB: the archive's headers say so honestly (under its 1 GiB), the cap stops it.
    const honest = zipOf([{ name: '001.png', data: Buffer.alloc(0), deflated: await deflatedFill(512 * MiB, pngHead(100, 100)) }]);
    const first = await processOne(ch, 'tail.cbz', honest);
    expect(first.after.job.error).toMatchObject({ code: 'image-too-large', detail: expect.stringContaining('64 MiB') as unknown });
    nothingLeft(ch, first.after);
    expect(first.rssGrowth).toBeLessThan(200 * MiB);
    expect(first.bufferGrowth).toBeLessThan(200 * MiB);
    // The same bytes under a header that claims 1,000: refused as they pass the claim.
    const lying = zipOf([
      { name: '001.png', data: Buffer.alloc(0), deflated: { ...(await deflatedFill(512 * MiB, pngHead(100, 100))), size: 1000 } },
    ]);
    const second = await processOne(ch, 'lying.cbz', lying);
    expect(second.after.job.error?.code).toBe('bad-archive');
    nothingLeft(ch, second.after);
    expect(second.rssGrowth).toBeLessThan(200 * MiB);
  });

  it("a page's pixel size is read from its header before the rest is kept", async () => {
    const ch = await draft('Huge Header');
    const zip = zipOf([{ name: '001.png', data: Buffer.concat([pngHead(100_000, 100_000), Buffer.alloc(MiB)]) }]);
    const { after } = await processOne(ch, 'huge.cbz', zip);
    expect(after.job.error).toMatchObject({ code: 'image-too-large', detail: expect.stringContaining('100000 x 100000') as unknown });
    nothingLeft(ch, after);
  });

  it('a truncated PNG is a 400 everywhere: title images, banners, popups, and a page job fails with not-an-image', async () => {
    const whole = await page(600, 850, 30);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const headers = {
      'x-console-request': '1',
      origin: 'http://localhost',
      cookie: `console_session=${cookie}`,
      'content-type': 'image/png',
    };
    const t = await c.db.selectFrom('titles').select(['id', 'version']).orderBy('id').executeTakeFirstOrThrow();
    const title = await c.app.inject({
      method: 'POST',
      url: `/console/api/catalog/titles/${t.id}/images/portrait?version=${t.version}`,
      headers,
      payload: truncated,
    });
    expect([title.statusCode, title.json<{ code: string }>().code]).toEqual([400, 'not-an-image']);
    const action = { method: 'push', url: `mangaplus://open/detail?id=${T.bladeEn}` };
    const art = { languages: [], action, startAt: 0, endAt: null, status: 'draft' };
    const banner = await api(c.app, 'POST', '/banners', {
      cookie,
      body: { ...art, placement: 'home_top', titleId: 0, publisherId: 0, isPr: false },
    });
    expect(banner.status, banner.text).toBe(201);
    const popup = await api(c.app, 'POST', '/popups', {
      cookie,
      body: { ...art, placement: 'home', kind: 'one_image', subject: '', body: '', seriesId: 0 },
    });
    expect(popup.status, popup.text).toBe(201);
    for (const url of [`/console/api/banners/${banner.json.id as number}/image`, `/console/api/popups/${popup.json.id as number}/image`]) {
      const r = await c.app.inject({ method: 'PUT', url, headers, payload: truncated });
      expect([r.statusCode, r.json<{ code: string }>().code], url).toEqual([400, 'validation']);
    }
    const ch = await draft('Truncated');
    const { after } = await processOne(ch, '1.png', truncated);
    expect(after.job.error?.code).toBe('not-an-image');
    nothingLeft(ch, after);
  });
});
