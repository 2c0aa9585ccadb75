import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { setup, type TestApp } from './helpers';

/**
 * GET /machines/coverage.json: the last test run's gathered coverage
 * (.tmp/model-coverage.json) for the machine explorer, only where the explorer is on.
 */
const FILE = path.resolve('.tmp/model-coverage.json');

describe('GET /machines/coverage.json', () => {
  let on: TestApp;
  let off: TestApp;
  let kept: string | null = null;
  beforeAll(async () => {
    on = await setup('sqlite', 'machines_cov_on', { machineExplorer: true }, false);
    off = await setup('sqlite', 'machines_cov_off', { machineExplorer: false }, false);
    kept = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : null;
  });
  afterAll(async () => {
    if (kept === null) fs.rmSync(FILE, { force: true });
    else fs.writeFileSync(FILE, kept);
    await on?.close();
    await off?.close();
  });

  it('serves the gathered record where the explorer is on, and nothing elsewhere or before a run', async () => {
    fs.rmSync(FILE, { force: true });
    expect((await on.app.inject({ url: '/machines/coverage.json' })).statusCode).toBe(404);
    const record = { format: 'model-coverage/1', records: [] };
    fs.mkdirSync(path.dirname(FILE), { recursive: true });
    fs.writeFileSync(FILE, JSON.stringify(record));
    const r = await on.app.inject({ url: '/machines/coverage.json' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.json()).toEqual(record);
    expect((await off.app.inject({ url: '/machines/coverage.json' })).statusCode).toBe(404);
  });
});
