import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answersCounted,
  findIn,
  getJson,
  missingEngines,
  sleep,
  startEngines,
  startNode,
  startProxy,
  type Engines,
  type NodeProc,
  type Proxy,
} from './multiNodeCluster.js';
import { releaseToSubscribers } from './multiNodePush.js';
import { clusterEnv, METRICS_TOKEN, PUSH_CONCURRENCY, WRITE_LIMIT } from './multiNodeEnv.js';

/**
 * Three nodes (server/main.ts, each its own DATA_DIR) behind a
 * round-robin proxy, on one PostgreSQL database, one redis-server and one
 * S3-compatible bucket (s3rver). Run by `npm test` when TEST_DATABASE_URL
 * and redis-server are there; skipped with the reason printed otherwise.
 * The figures are printed ("multinode: ...").
 */
const missing = missingEngines();
if (missing) console.log(`multinode: skipped: ${missing}`);

const figure = (line: string) => console.log(`multinode: ${line}`);

describe.skipIf(missing !== null)('three nodes, one product', () => {
  let engines: Engines;
  let nodes: NodeProc[] = [];
  let proxy: Proxy;
  let env: Record<string, string>;
  const q = async <T extends object>(text: string, values: unknown[] = []) => (await engines.pg.query<T>(text, values)).rows;

  beforeAll(async () => {
    engines = await startEngines();
    env = clusterEnv(engines);
    nodes = await Promise.all(['a', 'b', 'c'].map((n) => startNode(n, env)));
    proxy = await startProxy(nodes);
  });

  afterAll(async () => {
    await proxy?.close();
    for (const n of nodes) if (n.alive) n.proc.kill('SIGKILL');
    await Promise.all(nodes.map((n) => n.exited));
    await engines?.stop();
  });

  it('all start at once on an empty database without error', async () => {
    const times = await Promise.all(nodes.map((n) => n.ready));
    figure(`3 nodes started together on an empty database, ready after ${times.map((t) => `${(t / 1000).toFixed(1)} s`).join(', ')}`);
    const logs = nodes.flatMap((n) => n.log);
    expect(logs.filter((l) => /error|duplicate key|23505/i.test(l))).toEqual([]);
    // One node seeded the catalog; the others waited for it and found it.
    expect(logs.filter((l) => l.includes('demo catalog: ready'))).toHaveLength(1);
    const [{ n }] = await q<{ n: number }>('select count(*)::int as n from publishers');
    expect(n).toBeGreaterThan(0);
  });

  it('an import is readable with its images through every node', async () => {
    const [{ id: titleId }] = await q<{ id: number }>('select min(id)::int as id from titles');
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'multinode-import-'));
    for (let i = 1; i <= 3; i++) {
      await sharp({ create: { width: i === 2 ? 1600 : 800, height: 1100, channels: 3, background: { r: 60 * i, g: 90, b: 160 } } })
        .png()
        .toFile(path.join(src, `p${i}.png`));
    }
    // The importer runs on a machine of its own (its own DATA_DIR): the pages go to the bucket.
    const importer = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/cli/import.ts', '--title', String(titleId), '--chapter', '#9001', src],
      { env: { ...process.env, ...env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'multinode-importer-')) }, stdio: 'pipe' },
    );
    let out = '';
    importer.stdout.on('data', (b: Buffer) => (out += b.toString()));
    importer.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const code = await new Promise<number | null>((r) => importer.on('exit', r));
    expect(code, out).toBe(0);
    const chapterId = Number(/imported chapter (\d+)/.exec(out)?.[1]);
    const t0 = Date.now();
    // The import's notice drops every node's cached catalog: each lists the chapter (a bounded wait).
    const seenAfter = await Promise.all(
      nodes.map(async (n) => {
        for (let i = 0; i < 100; i++) {
          const d = await getJson(`http://127.0.0.1:${n.port}`, `/api/title_detailV3?title_id=${titleId}`);
          if (findIn(d.body, (o) => Number(o.chapterId) === chapterId)) return Date.now() - t0;
          await sleep(50);
        }
        return -1;
      }),
    );
    expect(
      seenAfter.every((t) => t >= 0),
      `every node lists chapter ${chapterId}`,
    ).toBe(true);
    const etags = new Map<string, string>();
    for (const n of nodes) {
      for (let idx = 0; idx < 3; idx++) {
        for (const quality of ['low', 'high', 'super_high']) {
          const res = await fetch(`http://127.0.0.1:${n.port}/img/page/${chapterId}/${idx}/${quality}.webp`);
          expect(res.status, `${n.name} page ${idx} ${quality}`).toBe(200);
          expect(res.headers.get('cache-control')).toContain('must-revalidate');
          const key = `${idx}/${quality}`;
          const etag = res.headers.get('etag') ?? '';
          expect(etag).toMatch(/^".+"$/);
          expect(etags.get(key) ?? etag, `same ETag on every node for ${key}`).toBe(etag);
          etags.set(key, etag);
          await res.arrayBuffer();
        }
      }
    }
    figure(
      `import of 3 pages (9 images) by another machine: listed by the nodes ${seenAfter.map((t) => `${t} ms`).join(', ')} after it ended; every image served by every node with one ETag`,
    );
  });

  it('a like shows on every node within one second', async () => {
    // A chapter whose last page shows a comment; each node caches its viewer first.
    const rows = await q<{ chapter_id: number }>(
      'select c.chapter_id::int from comments c join chapters ch on ch.id = c.chapter_id where ch.start_ts <= $1 group by c.chapter_id order by count(*) desc limit 1',
      [Math.floor(Date.now() / 1000)],
    );
    const chapterId = rows[0].chapter_id;
    const likesOn = async (n: NodeProc, commentId: number) => {
      const v = await getJson(`http://127.0.0.1:${n.port}`, `/api/manga_viewer?chapter_id=${chapterId}`);
      const c = findIn(v.body, (o) => Number(o.id) === commentId && 'numberOfLikes' in o);
      return Number(c?.numberOfLikes ?? 0);
    };
    const first = await getJson(`http://127.0.0.1:${nodes[0].port}`, `/api/manga_viewer?chapter_id=${chapterId}`);
    const comment = findIn(first.body, (o) => 'numberOfLikes' in o || ('body' in o && 'iconUrl' in o));
    expect(comment, 'a comment on the last page').toBeDefined();
    const commentId = Number(comment!.id);
    const before = await Promise.all(nodes.map((n) => likesOn(n, commentId)));
    const like = await fetch(`${proxy.url}/api/comment_like?comment_id=${commentId}`, {
      method: 'PUT',
      headers: { 'session-token': 'multinodeliker0001' },
    });
    expect(like.status).toBe(200);
    const t0 = Date.now();
    const after = await Promise.all(
      nodes.map(async (n, i) => {
        // Bounded: 40 looks, 25 ms apart.
        for (let k = 0; k < 40; k++) {
          if ((await likesOn(n, commentId)) === before[i] + 1) return Date.now() - t0;
          await sleep(25);
        }
        return -1;
      }),
    );
    figure(`a like through the proxy seen by the 3 nodes after ${after.map((t) => `${t} ms`).join(', ')}`);
    expect(after.every((t) => t >= 0)).toBe(true);
  });

  it('the write limit holds across nodes', async () => {
    const [{ id: commentId }] = await q<{ id: number }>('select min(id)::int as id from comments');
    const token = 'multinodewriter0001';
    const statuses: number[] = [];
    for (let i = 0; i < WRITE_LIMIT + 20; i++) {
      const res = await fetch(`${proxy.url}/api/comment_like?comment_id=${commentId}`, {
        method: i % 2 ? 'DELETE' : 'PUT',
        headers: { 'session-token': token },
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    const ok = statuses.filter((s) => s === 200).length;
    const limited = statuses.filter((s) => s === 429).length;
    figure(
      `${statuses.length} writes of one visitor spread over 3 nodes (WRITE_RATE_LIMIT ${WRITE_LIMIT}): ${ok} accepted, ${limited} refused (429)`,
    );
    expect(ok).toBe(WRITE_LIMIT);
    expect(limited).toBe(20);
  });

  // Exactly once for every device. A push service may have accepted a push in flight on the killed
  // node without the node living to record it: that one is sent again (at most PUSH_CONCURRENCY per
  // node) with the same Topic header, so the push service replaces the copy it still holds (RFC 8030
  // section 5.4) and the device gets one message.
  it('a release reaches 2,000 subscribers exactly once each, with the sending node killed mid-way', async () => {
    const r = await releaseToSubscribers(engines, nodes, 2000);
    figure(
      `release to ${r.subscribers} subscribers, node ${r.killed} killed (kill -9) after ${r.atKill} deliveries: ${r.reached} reached, ` +
        `${r.duplicates} sent twice (in flight at the kill), ${r.deviceDuplicates} with more than one message kept for their device, in ${(r.ms / 1000).toFixed(1)} s`,
    );
    expect(r.reached).toBe(r.subscribers);
    expect(r.deviceDuplicates).toBe(0);
    expect(r.duplicates).toBeLessThanOrEqual(PUSH_CONCURRENCY);
  });

  it('20 s of random reading through the proxy loses no view', async () => {
    const now = Math.floor(Date.now() / 1000);
    const chapters = (
      await q<{ id: number }>('select id::int from chapters where start_ts <= $1 and (end_ts = 0 or end_ts > $1)', [now])
    ).map((r) => r.id);
    const total = async () => Number((await q<{ n: string }>('select coalesce(sum(view_count), 0)::text as n from chapters'))[0].n);
    const before = await total();
    const counted = new Map<string, number>();
    let views = 0;
    let failed = 0;
    let answered = 0;
    const why = new Set<string>();
    const ROUTE = '/api/manga_viewer';
    // The nodes still alive (the push test killed one): the proxy sends only to them.
    const live = nodes.filter((n) => n.alive);
    const countedBefore = await Promise.all(live.map((n) => answersCounted(n, METRICS_TOKEN, ROUTE)));
    const sentBefore = new Map(proxy.served);
    const end = Date.now() + 20_000;
    const reader = async (r: number) => {
      // A visitor's view counts once per chapter in VIEW_WINDOW_S: each reader walks chapters of its own,
      // and reads as a new visitor once it has read them all.
      for (let k = 0; Date.now() < end; k++) {
        const i = r + 8 * k;
        const id = chapters[i % chapters.length];
        const token = `multinodereader${String(r).padStart(4, '0')}r${Math.floor(i / chapters.length)}`;
        let res: Response;
        try {
          res = await fetch(`${proxy.url}/api/manga_viewer?chapter_id=${id}`, { headers: { 'session-token': token } });
        } catch (e) {
          // A request that got no answer: not a view answered, but counted and named.
          failed++;
          why.add(String((e as Error).cause ?? e).slice(0, 160));
          continue;
        }
        answered++;
        // Answered 200: the node has counted the view, whether or not the rest of the body arrives.
        if (res.status === 200) views++;
        else {
          failed++;
          why.add(`HTTP ${res.status}`);
        }
        await res.arrayBuffer().catch((e: unknown) => why.add(`body cut: ${String((e as Error).cause ?? e).slice(0, 120)}`));
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, r) => reader(r)));
    for (const [k, v] of proxy.served) counted.set(k, v);
    // Each node's metrics count exactly the answers the proxy had from it on that route.
    const countedByNode = (await Promise.all(live.map((n) => answersCounted(n, METRICS_TOKEN, ROUTE)))).map((c, i) => c - countedBefore[i]);
    const sentByNode = live.map((n) => (proxy.served.get(n.name) ?? 0) - (sentBefore.get(n.name) ?? 0));
    figure(`metrics: ${ROUTE} answers counted by the nodes ${countedByNode.join(' + ')}, sent by the proxy ${sentByNode.join(' + ')}`);
    expect(countedByNode).toEqual(sentByNode);
    expect(countedByNode.reduce((a, b) => a + b, 0)).toBe(answered);
    // A clean stop (SIGTERM) of every node writes what each buffered.
    for (const n of nodes) if (n.alive) n.proc.kill('SIGTERM');
    await Promise.all(nodes.map((n) => n.exited));
    const after = await total();
    figure(
      `20 s of random reading through the proxy (8 readers, ${chapters.length} chapters): ${views} views answered, ${failed} failed${why.size ? ` (${[...why].join('; ')})` : ''}, ${after - before} counted, after a SIGTERM of every node right away`,
    );
    // Every view answered is counted: none lost. Requests that never got an answer are printed above; at most 1% of them.
    expect(after - before).toBe(views);
    expect(failed, [...why].join('; ')).toBeLessThanOrEqual(Math.ceil((views + failed) / 100));
  });

  it('a kill -9 loses at most the views of the last flush interval', async () => {
    const node = await startNode('d', env);
    await node.ready;
    const total = async () => Number((await q<{ n: string }>('select coalesce(sum(view_count), 0)::text as n from chapters'))[0].n);
    const before = await total();
    const [{ id }] = await q<{ id: number }>('select min(id)::int as id from chapters where start_ts <= $1 and end_ts = 0', [
      Math.floor(Date.now() / 1000),
    ]);
    const stamps: number[] = [];
    const end = Date.now() + 5000;
    await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        // A view counts for a visitor with a session (not one the server just made), once per chapter: a visitor each.
        for (let k = 0; Date.now() < end; k++) {
          const res = await fetch(`http://127.0.0.1:${node.port}/api/manga_viewer?chapter_id=${id}`, {
            headers: { 'session-token': `multinodekill${w}x${k}` },
          });
          await res.arrayBuffer();
          if (res.status === 200) stamps.push(Date.now());
        }
      }),
    );
    const killedAt = Date.now();
    node.proc.kill('SIGKILL');
    await node.exited;
    const lost = stamps.length - ((await total()) - before);
    const lastSecond = stamps.filter((t) => t > killedAt - 1000).length;
    figure(
      `kill -9 after 5 s of reading on one node: ${stamps.length} views answered, ${lost} lost (${lastSecond} answered in its last second)`,
    );
    // The buffer is written every second (views.ts flushMs): what is lost is at most the last
    // interval's views, and those of a flush the kill cut short (a second more).
    expect(lost).toBeGreaterThanOrEqual(0);
    expect(lost).toBeLessThanOrEqual(stamps.filter((t) => t > killedAt - 2000).length);
  });
});
