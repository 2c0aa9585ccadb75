import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupConsole, type ConsoleApp } from './consoleHelpers.js';

/** /console serves the console app's page (its own build entry), never the reader's, never cached by a shared cache. */
describe('the console page', () => {
  let built: ConsoleApp;
  let bare: ConsoleApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'console-web-'));
  beforeAll(async () => {
    fs.writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html lang="en"><head></head><body><div id="root"></div>READER</body></html>',
    );
    fs.writeFileSync(
      path.join(web, 'console.html'),
      '<!doctype html><html lang="en"><head></head><body><div id="console"></div>CONSOLE</body></html>',
    );
    built = await setupConsole('sqlite', 'page', { webDir: web, serverRender: false });
    // A web folder with no build in it.
    bare = await setupConsole('sqlite', 'page_bare', { webDir: fs.mkdtempSync(path.join(os.tmpdir(), 'console-unbuilt-')) });
  });
  afterAll(async () => {
    await built?.close();
    await bare?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('answers /console and every page under it with console.html: no-store, a strict CSP, no framing', async () => {
    for (const url of ['/console', '/console/', '/console/sign-in', '/console/enrol/abc', '/console/staff/3?x=1']) {
      const r = await built.app.inject({ method: 'GET', url });
      expect([r.statusCode, r.body.includes('CONSOLE')], url).toEqual([200, true]);
      expect(r.headers['cache-control'], url).toBe('no-store');
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe');
    }
    // The reader's pages stay the reader's.
    const reader = await built.app.inject({ method: 'GET', url: '/updates' });
    expect(reader.body).toContain('READER');
  });

  it('never answers an API address with the page', async () => {
    const r = await built.app.inject({ method: 'GET', url: '/console/api/nothing-here' });
    expect([r.statusCode, String(r.headers['content-type']).split(';')[0]]).toEqual([404, 'application/problem+json']);
  });

  it('says to build when the console is not built', async () => {
    const r = await bare.app.inject({ method: 'GET', url: '/console/staff' });
    expect(r.statusCode).toBe(503);
    expect(r.body).toContain('npm run build');
  });
});
