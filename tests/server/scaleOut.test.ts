import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { objectStoreClient } from '../../server/images/blobs.js';
import { pgNotices, type Notice } from '../../server/cluster/notices.js';
import { onOneNode } from '../../server/cluster/leader.js';
import { viewsRepo } from '../../server/repos/views.js';
import { BACKENDS, setup, type TestApp } from './helpers.js';
import { T } from './fixtureIds.js';
import { poll } from './pushLoopback.js';

/** Issue 21's parts that one process can show: the object store, notices, the view buffer, the one-node lock. */

describe('images in an S3-compatible bucket (s3rver)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'manga' }] });
  let url = '';
  const apps: TestApp[] = [];

  beforeAll(async () => {
    const { port } = await s3.run();
    url = `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/manga/img?region=us-east-1`;
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a node draws art once into the bucket; another node serves it from there with the same ETag and caching', async () => {
    const local = await setup('sqlite', 's3local');
    const first = await setup('sqlite', 's3first', { objectStoreUrl: url });
    const second = await setup('sqlite', 's3second', { objectStoreUrl: url });
    apps.push(local, first, second);
    const img = `/img/title/${T.bladeEn}/portrait.webp`;
    const a = await local.app.inject({ url: img });
    const b = await first.app.inject({ url: img });
    expect(b.statusCode).toBe(200);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(b.headers['cache-control']).toBe(a.headers['cache-control']);
    // Kept under what it is drawn from (its ETag is that hash).
    const { client, bucket, prefix } = await objectStoreClient(url);
    const key = `${prefix}drawn/title/${T.bladeEn}_portrait_${String(b.headers.etag).replaceAll('"', '')}.webp`;
    const obj = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(Buffer.from(await obj.Body!.transformToByteArray())).toEqual(b.rawPayload);
    // The other node serves the bucket's object, not a drawing of its own: a marked object in its place is what it sends.
    const marked = Buffer.concat([b.rawPayload, Buffer.from('marked')]);
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: marked }));
    const c = await second.app.inject({ url: img });
    expect(c.statusCode).toBe(200);
    expect(c.headers.etag).toBe(a.headers.etag);
    expect(c.rawPayload).toEqual(marked);
    // And what names no image is still a 404.
    expect((await second.app.inject({ url: `/img/title/999999/portrait.webp` })).statusCode).toBe(404);
  });
});

describe.each(BACKENDS)('view buffer and one-node work on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, 'scaleout');
  });
  afterAll(async () => {
    await t.close();
  });

  const viewCounts = async () =>
    new Map((await t.db.selectFrom('chapters').select(['id', 'view_count']).execute()).map((r) => [r.id, Number(r.view_count)]));

  it('views a flush could not write go back into the buffer and are written by the next one', async () => {
    const ids = [...(await viewCounts()).keys()].slice(0, 3);
    const before = await viewCounts();
    const views = viewsRepo(t.db, 60_000, { clock: t.app.clock });
    for (const id of ids) views.record('scaleoutvisitor01', id, true);
    await sql`alter table chapter_views_daily rename to chapter_views_daily_away`.execute(t.db);
    await expect(views.flush()).rejects.toThrow();
    await sql`alter table chapter_views_daily_away rename to chapter_views_daily`.execute(t.db);
    await views.close();
    const after = await viewCounts();
    for (const id of ids) expect(after.get(id)! - before.get(id)!).toBe(1);
  });

  it('two nodes flushing the same chapters at once, recorded in opposite orders, count every view', async () => {
    const ids = [...(await viewCounts()).keys()];
    const before = await viewCounts();
    const a = viewsRepo(t.db, 60_000, { clock: t.app.clock });
    const b = viewsRepo(t.db, 60_000, { clock: t.app.clock });
    const rounds = 10;
    for (let r = 0; r < rounds; r++) {
      for (const id of ids) a.record(`scaleouta${r}`, id, true);
      for (const id of [...ids].reverse()) b.record(`scaleoutb${r}`, id, true);
      await Promise.all([a.flush(), b.flush()]);
    }
    await Promise.all([a.close(), b.close()]);
    const after = await viewCounts();
    for (const id of ids) expect(after.get(id)! - before.get(id)!).toBe(2 * rounds);
  });

  it('onOneNode runs the work on one caller at a time (PostgreSQL), always on SQLite', async () => {
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 300));
      return true;
    };
    const got = await Promise.all([1, 2, 3].map(() => onOneNode(t.db, backend, 'scaleout-test', work)));
    expect(got.filter((g) => g === true)).toHaveLength(backend === 'postgres' ? 1 : 3);
    expect(runs).toBe(backend === 'postgres' ? 1 : 3);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('notices between nodes (PostgreSQL LISTEN/NOTIFY)', () => {
  it('a notice sent by one node is heard by every node, itself included', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const log = () => {};
    const [a, b] = await Promise.all([pgNotices(url, log), pgNotices(url, log)]);
    const heard: { a: Notice[]; b: Notice[] } = { a: [], b: [] };
    a.on((n) => heard.a.push(n));
    let heardAt = 0;
    b.on((n) => {
      heard.b.push(n);
      heardAt ||= performance.now();
    });
    const t0 = performance.now();
    a.publish({ kind: 'published', chapterId: 7, titleId: 3 });
    await poll(
      () => heard.a.length > 0 && heard.b.length > 0,
      100,
      () => `heard ${JSON.stringify(heard)}`,
    );
    console.log(`notices: heard by the other node ${(heardAt - t0).toFixed(1)} ms after it was sent`);
    expect(heard.b).toEqual([{ kind: 'published', chapterId: 7, titleId: 3 }]);
    expect(heard.a).toEqual(heard.b);
    await Promise.all([a.close(), b.close()]);
  });
});
