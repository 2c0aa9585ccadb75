import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBlobs } from '../../server/images/blobs.js';
import { manualServerClock } from '../../server/lib/clock.js';
import { ImageStore } from '../../server/images/store.js';
import { BACKENDS, setup, type TestApp } from './helpers.js';

/** The texts an SVG draws. */
const drawnText = (svg: string | undefined) => [...(svg ?? '').matchAll(/<text[^>]*>([^<]*)/g)].map((m) => m[1]).join(' ');

/**
 * Issue 46, item 13: no answer names a chapter before its release, its
 * drawn thumbnail (/img/chapter/<id>/thumb.webp) neither: drawn without its
 * name until then, and cached no longer than that, so the named drawing
 * (another ETag) is what browsers and a CDN get once it is out.
 */
describe.each(BACKENDS)('a scheduled chapter’s thumbnail (%s)', (backend) => {
  let t: TestApp;
  const clock = manualServerClock(Date.UTC(2026, 2, 1, 12));
  let store: ImageStore;
  let start = 0;
  let name = '';
  const url = '/img/chapter/1008/thumb.webp';
  beforeAll(async () => {
    t = await setup(backend, 'schedthumb', {}, true, clock);
    store = new ImageStore(t.app.repos.images, imageBlobs(t.app.config), t.app.config.catalogSeed);
    // 1008: out in two days; 1007: out an hour ago.
    const row = await t.db.selectFrom('chapters').select(['name', 'start_ts']).where('id', '=', 1008).executeTakeFirstOrThrow();
    [name, start] = [row.name, row.start_ts];
  });
  afterAll(() => t?.close());

  const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('is drawn without its name before the release, cached no longer than an hour and never past the release', async () => {
    expect(start).toBeGreaterThan(clock.nowSec());
    const text = drawnText(await store.assetSvg(['chapter', '1008', 'thumb'], clock.nowSec()));
    expect(text).not.toContain(name);
    expect(text).toContain('Blade');
    // A chapter that is out draws its name.
    const out = await t.db.selectFrom('chapters').select('name').where('id', '=', 1007).executeTakeFirstOrThrow();
    expect(drawnText(await store.assetSvg(['chapter', '1007', 'thumb'], clock.nowSec()))).toContain(out.name);

    const early = await get();
    expect(early.statusCode).toBe(200);
    expect(early.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
    clock.set((start - 90) * 1000);
    const late = await get();
    expect(late.headers['cache-control']).toBe('public, max-age=90, must-revalidate');
    expect(late.headers.etag).toBe(early.headers.etag);
  });

  it('once out, the same URL answers the named drawing with another ETag (a revalidation is not a 304)', async () => {
    const before = await get();
    clock.set(start * 1000 + 1000);
    const after = await get({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    expect(after.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=604800');
    expect(drawnText(await store.assetSvg(['chapter', '1008', 'thumb'], clock.nowSec()))).toContain(name);
  });
});
