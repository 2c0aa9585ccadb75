import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { Ev } from '../../src/screens/machines/machineReplay';
import { firstChapter, recordedActor, session } from './explorerFixtures';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/**
 * Two runs compared, a recording shrunk before it becomes a test, and a
 * breakpoint that holds the app in another tab until Step (or Drop).
 */
const DIR = path.resolve('.tmp/explorer-runs', `run${process.pid}`);
const toggle: Ev = { type: 'favorite.toggle' };
const done: Ev = { type: 'favorite.done' };
const failed: Ev = { type: 'favorite.failed', message: 'offline' };
const dismiss: Ev = { type: 'error.dismiss' };

function saveSession(name: string, s: unknown): string {
  fs.mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, name);
  fs.writeFileSync(file, JSON.stringify(s));
  return file;
}

describe('machine explorer: runs compared, shrunk, stopped', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(DIR, { recursive: true, force: true });
  });

  it('shows two recordings that differ at one event apart at that step, with the context diff and both routes', async () => {
    const input = { subscribed: false };
    const a = saveSession('a.json', session([recordedActor('favoriteToggle', input, [toggle, done, toggle, done], 'tabA:x:1')]));
    const b = saveSession('b.json', session([recordedActor('favoriteToggle', input, [toggle, failed, toggle, done], 'tabB:x:1')]));
    const ctx = await newContext(browser, 'desktop', base);
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 1440, height: 1100 });
    await page.goto(`${base}/machines/favoriteToggle`);
    await page.locator('svg.statechart').waitFor();
    await page.getByTestId('load-session').setInputFiles(a);
    await page.getByTestId('load-session').setInputFiles(b);
    await page.locator('[data-live-machine="favoriteToggle"]').nth(1).waitFor();
    await page.locator('[data-tool="compare"]').click();
    expect(await page.getByTestId('compare-a').inputValue()).toContain('tabA:x:1');
    expect(await page.getByTestId('compare-b').inputValue()).toContain('tabB:x:1');
    // Step 1 is the start, 2 the toggle both took; 3 is where A's call succeeded and B's failed.
    expect(await page.getByTestId('compare-first').textContent()).toBe('First difference at step 3');
    const at = page.locator('[data-testid="compare-rows"] tbody tr').nth(2);
    expect(await at.getAttribute('class')).toContain('log__row--at');
    expect(await at.textContent()).toContain('favorite.done → "subscribed"');
    expect(await at.textContent()).toContain('favorite.failed → "notSubscribed"');
    const rows = page.locator('[data-testid="compare-rows"] tbody tr');
    expect(await rows.nth(1).getAttribute('data-differs')).toBeNull();
    expect(await page.getByTestId('compare-context').textContent()).toBe('errornull"offline"');
    // Both routes on the chart: A alone where it unsubscribed again, B alone on its failure, both where they agree.
    const mark = (key: string) => page.locator(`.sc-edge[data-key="${key}"]`).getAttribute('data-mark');
    expect(await mark('favoriteToggle.subscribed favorite.toggle#0')).toBe('route-a');
    expect(await mark('favoriteToggle.unsubscribing favorite.done#0')).toBe('route-a');
    expect(await mark('favoriteToggle.subscribing favorite.failed#0')).toBe('route-b');
    expect(await mark('favoriteToggle.notSubscribed favorite.toggle#0')).toBe('route-a route-b');
    expect(await mark('favoriteToggle.subscribing favorite.done#0')).toBe('route-a route-b');
    expect(await mark('favoriteToggle.unsubscribing favorite.failed#0')).toBeNull();
    await page.screenshot({ path: '.tmp/screenshots/e2e-explorer-compare.png' });
    await ctx.close();
  });

  it('shrinks a 40-event recording to the events that matter, and its exported test passes', async () => {
    const events: Ev[] = [];
    for (let i = 0; i < 12; i++) events.push(toggle, failed, dismiss);
    events.push(toggle, done, toggle, failed);
    expect(events.length).toBe(40);
    const file = saveSession('long.json', session([recordedActor('favoriteToggle', { subscribed: false }, events, 'tabC:x:1')]));
    const ctx = await newContext(browser, 'desktop', base);
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 1440, height: 1100 });
    await page.goto(`${base}/machines/favoriteToggle`);
    await page.locator('svg.statechart').waitFor();
    await page.getByTestId('load-session').setInputFiles(file);
    await page.locator('[data-live-machine="favoriteToggle"] button').first().click();
    await page.getByTestId('event-log').waitFor();
    await page.getByRole('button', { name: 'Shrink' }).click();
    // Ending subscribed: the toggle and the success are all it takes.
    expect(await page.getByTestId('shrunk').textContent()).toBe('Shrunk from 40 to 2 events');
    // The same context too (the failure's message): the last toggle and its failure stay.
    await page.getByLabel('same context too').check();
    await page.getByRole('button', { name: 'Shrink' }).click();
    expect(await page.getByTestId('shrunk').textContent()).toBe('Shrunk from 40 to 4 events');
    await page.screenshot({ path: '.tmp/screenshots/e2e-explorer-shrink.png' });
    const [test] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as Vitest test' }).click()]);
    const body = fs
      .readFileSync(await test.path(), 'utf8')
      .replace("'../../machines/index'", JSON.stringify(path.resolve('machines/index')));
    expect(body).toContain('4 events replayed');
    const dir = path.join(DIR, 'shrunk');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'favoriteToggle.shrunk.test.ts'), body);
    fs.writeFileSync(path.join(dir, 'vitest.config.mjs'), `export default { test: { include: ['*.test.ts'] } };\n`);
    const out = execFileSync('npx', ['vitest', 'run', '--root', dir, '--config', path.join(dir, 'vitest.config.mjs')], {
      encoding: 'utf8',
      env: { ...process.env, CI: '1' },
    });
    expect(out).toMatch(/1 passed/);
    await ctx.close();
  });

  it('a breakpoint pauses the app tab before the step; Step resumes it; Drop forgets the event; a false condition lets it pass', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const explorer = await ctx.newPage();
    await explorer.setViewportSize({ width: 1440, height: 1000 });
    await explorer.goto(`${base}/machines/commentSort`);
    await explorer.locator('svg.statechart').waitFor();
    await explorer.locator('[data-tool="breakpoints"]').click();
    await explorer.getByTestId('bp-target').selectOption('commentSort.latest');
    await explorer.getByRole('button', { name: 'Add breakpoint' }).click();
    await explorer.getByTestId('bp-list').getByText('commentSort.latest').waitFor();

    const app = await ctx.newPage();
    await app.goto(`${base}/comments/${await firstChapter(app, base)}`);
    await app.getByRole('tab', { name: 'Likes' }).waitFor();
    // The app's recorder is running once the explorer sees its actor (it got the breakpoints before that).
    await explorer.locator('[data-live-machine="commentSort"]').first().waitFor();
    const selected = (name: string) => app.getByRole('tab', { name }).getAttribute('aria-selected');

    await app.getByRole('tab', { name: 'Latest' }).click();
    await app.getByTestId('explorer-paused').waitFor();
    expect(await app.getByTestId('explorer-paused').textContent()).toContain('sort.latest');
    expect(await selected('Latest')).toBe('false');
    await explorer.getByTestId('bp-paused').waitFor();
    expect(await explorer.getByTestId('bp-event').textContent()).toBe('{"type":"sort.latest"}');
    await explorer.screenshot({ path: '.tmp/screenshots/e2e-explorer-breakpoint.png' });
    await app.screenshot({ path: '.tmp/screenshots/e2e-explorer-paused-app.png' });
    await explorer.getByRole('button', { name: 'Step', exact: true }).click();
    await expect.poll(() => selected('Latest')).toBe('true');
    // Step stops before the next event too: Likes waits until Continue.
    await app.getByRole('tab', { name: 'Likes' }).click();
    await explorer.getByTestId('bp-paused').waitFor();
    expect(await selected('Likes')).toBe('false');
    await explorer.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => selected('Likes')).toBe('true');
    await app.getByTestId('explorer-paused').waitFor({ state: 'detached' });

    // Drop: the event is forgotten, the app stays where it was.
    await app.getByRole('tab', { name: 'Latest' }).click();
    await explorer.getByTestId('bp-paused').waitFor();
    await explorer.getByRole('button', { name: 'Drop' }).click();
    await app.getByTestId('explorer-paused').waitFor({ state: 'detached' });
    expect(await selected('Likes')).toBe('true');

    // A condition that does not hold: no pause.
    await explorer.getByRole('button', { name: 'Remove' }).click();
    await explorer.getByTestId('bp-condition').fill('event.type == "sort.other"');
    await explorer.getByRole('button', { name: 'Add breakpoint' }).click();
    await explorer.getByTestId('bp-list').getByText('if event.type').waitFor();
    await app.getByRole('tab', { name: 'Latest' }).click();
    await expect.poll(() => selected('Latest')).toBe('true');
    expect(await app.getByTestId('explorer-paused').count()).toBe(0);
    await ctx.close();
  });
});
