import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestApp } from './helpers.js';

/**
 * The app's page for every address (server/plugins/web.ts), with the status the
 * address deserves: 200 where a route of the app's table (core/routes.ts) matches,
 * 404 elsewhere, the same page all the same (the app draws its not-found screen).
 */
describe('the app page: 200 for its routes, 404 for any other path', () => {
  let t: TestApp;
  let explorer: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'web-routes-'));
  const PAGE = '<!doctype html><html lang="en"><head></head><body><div id="root"></div>READER</body></html>';
  beforeAll(async () => {
    fs.writeFileSync(path.join(web, 'index.html'), PAGE);
    t = await setup('sqlite', 'web_routes', { webDir: web, serverRender: false }, false);
    explorer = await setup('sqlite', 'web_routes_explorer', { webDir: web, serverRender: false, machineExplorer: true }, false);
  });
  afterAll(async () => {
    await t?.close();
    await explorer?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

  it('answers the routes 200: screens, a title, a chapter, tabs, redirects, campaign and webview pages', async () => {
    for (const url of [
      '/',
      '/updates',
      '/updates/',
      '/titles/100001',
      '/viewer/1000013',
      '/viewer/1000013?page=3',
      '/comments/1000013',
      '/ranking',
      '/ranking/hottest',
      '/manga_list/one_shot',
      '/manga_list/all',
      '/rating/en',
      '/webview/faq/en',
      '/terms_web_ja',
      '/popfr',
      '/error',
    ]) {
      const r = await get(t, url);
      expect([url, r.statusCode, r.headers['content-type']]).toEqual([url, 200, 'text/html; charset=utf-8']);
      expect(r.body).toBe(PAGE);
    }
  });

  it('answers a path no route matches 404, with the app page (its not-found screen)', async () => {
    for (const url of [
      '/no_such_page',
      '/titles',
      '/titles/1/chapters',
      '/viewer',
      '/ranking/weekly',
      '/manga_list/ongoing/2',
      '/updates/static',
      '/static/x',
      '/assets/missing.js',
      '/machines',
    ]) {
      const r = await get(t, url);
      expect([url, r.statusCode, r.headers['content-type']]).toEqual([url, 404, 'text/html; charset=utf-8']);
      expect(r.body).toBe(PAGE);
    }
    // HEAD as GET; other methods keep their plain answer.
    expect((await t.app.inject({ method: 'HEAD', url: '/no_such_page' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: '/updates' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/updates' })).statusCode).toBe(404);
  });

  it('the machine explorer’s pages are routes only where it is on', async () => {
    expect((await get(explorer, '/machines')).statusCode).toBe(200);
    expect((await get(explorer, '/machines/paging')).statusCode).toBe(200);
    expect((await get(t, '/machines/paging')).statusCode).toBe(404);
  });
});
