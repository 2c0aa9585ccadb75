import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDb } from '../../server/db/index.js';
import { call, success } from './helpers.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { poll } from './pushLoopback.js';

/**
 * What an editor changes on one node reaches a reader on another
 * node at once (the cluster notice drops its cached views), without a restart.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('console home changes across nodes (PostgreSQL)', () => {
  let c: ConsoleApp;
  let other: { app: FastifyInstance; close: () => Promise<void>; dir: string };
  beforeAll(async () => {
    c = await setupConsole('postgres', 'home_nodes');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'srv-home-node2-'));
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: c.app.config.databaseUrl, LOG_LEVEL: 'silent' }, {});
    const { db, dialect, close } = await openDb(config);
    const app = await buildApp({ config, db, dialect, clock: c.clock });
    await app.ready();
    other = { app, dir, close: async () => (await app.close(), await close()) };
  });
  afterAll(async () => {
    await other?.close();
    if (other) fs.rmSync(other.dir, { recursive: true, force: true });
    await c?.close();
  });

  const frenchBanners = async (app: FastifyInstance) => {
    const v = success(await call(app, { method: 'GET', url: '/api/web/web_homeV4?lang=fra' })).data;
    if (v.case !== 'webHomeViewV4') throw new Error(v.case);
    return v.value.topBanners.map((b) => b.id);
  };

  it('a banner made on one node shows on the other node’s (cached) home within a second', async () => {
    const editor = await memberWithSession(c.db, ['editor'], c.clock.nowSec());
    const before = await frenchBanners(other.app);
    const made = await api(c.app, 'POST', '/banners', {
      cookie: editor.cookie,
      body: {
        placement: 'home_top',
        titleId: 0,
        publisherId: 0,
        languages: ['fr'],
        action: { method: 'push', url: '' },
        isPr: false,
        startAt: 0,
        endAt: null,
        status: 'published',
      },
    });
    const t0 = performance.now();
    const id = made.json.id as number;
    let seen: number[] = before;
    // Bounded: 10 looks 100 ms apart (the second the issue allows).
    await poll(
      async () => (seen = await frenchBanners(other.app)).includes(id),
      10,
      () => `the other node still shows ${JSON.stringify(seen)}`,
    );
    console.log(`home: the other node showed the new banner ${(performance.now() - t0).toFixed(1)} ms after the write`);
    expect(seen).toEqual([...before, id]);
  });
});
