import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assignVariant } from '../../core/console/coverTests';
import { launchBrowser, newContext, startServer, type RunningServer } from './harness';
import { enrolFirstOwner, settled, startConsoleServer } from './consoleSupport';
import { editorApi, shootReleaseScreens } from './consoleReleaseGroupSupport';

/**
 * A cover test on two nodes (two server processes on one database): the editor makes a test of a title's cover in
 * the console, adds a second image and starts it. Two visitors, each a browser context of their own, open the
 * title on node A and on node B again and again: each sees their own variant every time, on both nodes. The
 * console's figures count each of them under their variant; the editor picks the winner, and from then on both
 * visitors see it on both nodes. The cover test screen in English, Japanese and Thai at phone and desktop width;
 * axe finds nothing serious. Then a banner test of the home's first banner, made the same way: two more visitors'
 * homes show them its two images, on both nodes, and the console lists it beside the cover test with an impression
 * per variant. Not on the shared console server: its second node shares this file's database.
 */
const OWNER = { email: 'covers@example.com', name: 'Cora Covers', password: 'violet-harbour-quietly-48' };
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/console-cover-tests');
const FAST = { VIEW_CACHE_MS: '1000', NEW_VISITOR_RATE_LIMIT: '100000', VIEW_RATE_LIMIT: '1000000' };

let dataDir = '';
let nodeA: Awaited<ReturnType<typeof startConsoleServer>>;
let nodeB: RunningServer;
let nodes: string[] = [];
let browser: Browser;
const contexts: BrowserContext[] = [];
let editor: Page;
let titleId = 0;
let testId = 0;
let images: string[] = [];
const visitors: { token: string; variant: number; page: Page }[] = [];

/** A visitor on every node: one session token in their cookie and storage (what a load balancer's one origin keeps). */
async function visitorWith(token: string, kind: 'phone' | 'desktop'): Promise<Page> {
  const ctx = await newContext(browser, kind);
  contexts.push(ctx);
  await ctx.addCookies([{ name: 'mr_sid', value: token, domain: '127.0.0.1', path: '/' }]);
  await ctx.addInitScript((t) => localStorage.setItem('session_id', t), token);
  return ctx.newPage();
}

/** The cover the title's page shows this visitor on this node (its path: each node makes its own absolute URLs). */
async function coverOn(page: Page, node: string): Promise<string> {
  await page.goto(`${node}/titles/${titleId}`);
  const img = page.locator('.title-hero__cover');
  await img.waitFor();
  return new URL((await img.getAttribute('src')) ?? '', node).pathname;
}

/** A token shown `variant` in a two-variant test (this file's cover test by default). */
function tokenFor(variant: number, from: number, test = testId): string {
  for (let i = from; ; i++) {
    const token = (0x1000 + i).toString(16).padStart(32, 'a');
    if (assignVariant(token, test, 2) === variant) return token;
  }
}

/** The image the home's carousel shows for a banner, for this visitor on this node (its path). */
async function bannerOn(page: Page, node: string, bannerId: number): Promise<string> {
  await page.goto(`${node}/`);
  const img = page.locator(`[data-banner-id="${bannerId}"] img`).first();
  await img.waitFor({ state: 'attached' });
  return new URL((await img.getAttribute('src')) ?? '', node).pathname;
}

/** The figures row of a variant on the test's screen: taps and visitors as shown. */
async function shownFigures(variant: string) {
  await editor.reload();
  await settled(editor, /^Cover test: /);
  const row = editor.locator('tr', { has: editor.getByRole('rowheader', { name: new RegExp(`^Variant ${variant}`) }) });
  const cells = row.getByRole('cell');
  return { taps: Number(await cells.nth(1).textContent()), visitors: Number(await cells.nth(2).textContent()) };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cover-tests-e2e-'));
  nodeA = await startConsoleServer({ catalog: true, env: { DATA_DIR: dataDir, ...FAST } });
  browser = await launchBrowser();
  const ctx = await newContext(browser, 'desktop', nodeA.url);
  contexts.push(ctx);
  editor = await ctx.newPage();
  // Before the second node starts: a node finding no owner prints a new first owner's link (the old one then fails).
  await enrolFirstOwner(editor, nodeA.firstOwnerLink, OWNER);
  nodeB = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', NO_CATALOG: '1', ...FAST });
  nodes = [`http://127.0.0.1:${nodeA.port}`, nodeB.url];
  mkdirSync(SHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await nodeB?.stop();
  await nodeA?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a cover test with two variants, two visitors, two nodes', () => {
  it('the editor makes the test in the console, adds a second cover and starts it', async () => {
    const { titles } = await editorApi<{ titles: { id: number; name: string; language: string }[] }>(
      editor,
      'GET',
      '/catalog/titles?language=en',
    );
    titleId = titles[0].id;
    await editor.goto('/console/cover-tests');
    await settled(editor, 'Cover tests');
    await editor.getByLabel('Title', { exact: true }).selectOption(String(titleId));
    await editor.getByLabel('Image tested').selectOption('portrait');
    await editor.getByRole('button', { name: 'Make the test' }).click();
    await editor.waitForURL(/\/console\/cover-tests\/\d+$/);
    testId = Number(/(\d+)$/.exec(editor.url())![1]);
    await settled(editor, /^Cover test: /);
    await editor.getByText(/^Draft: visitors do not see it yet/).waitFor();
    // Starting with one variant is refused in the screen's words.
    await editor.getByRole('button', { name: 'Start the test' }).click();
    await editor.getByText(/^Add a second image first/).waitFor();
    const file = path.join(dataDir, 'variant-b.png');
    writeFileSync(
      file,
      await sharp({ create: { width: 720, height: 1020, channels: 3, background: { r: 230, g: 90, b: 40 } } })
        .png()
        .toBuffer(),
    );
    // The picker is reached by keyboard, and its button shows it has the focus.
    await editor.getByLabel('Days to run').focus();
    await editor.keyboard.press('Shift+Tab');
    expect(await editor.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
    expect(await editor.locator('.c-cover-test__add').evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('solid');
    await editor.getByLabel('Add a variant image…').setInputFiles(file);
    await editor.getByRole('heading', { name: 'Variants (2)' }).waitFor();
    await editor.getByLabel('Days to run').fill('14');
    await editor.getByRole('button', { name: 'Start the test' }).click();
    await editor.getByText(/^Running: visitors are split/).waitFor();
    images = (await editorApi<{ images: string[] }>(editor, 'GET', `/cover-tests/${testId}`)).images;
    expect(images).toHaveLength(2);
  }, 180_000);

  it('each visitor sees their own variant on every visit, on both nodes', async () => {
    visitors.push({ token: tokenFor(0, 1), variant: 0, page: await visitorWith(tokenFor(0, 1), 'phone') });
    visitors.push({ token: tokenFor(1, 1), variant: 1, page: await visitorWith(tokenFor(1, 1), 'desktop') });
    for (let round = 0; round < 2; round++)
      for (const node of nodes)
        for (const v of visitors) expect(await coverOn(v.page, node), `${v.variant} on ${node}`).toBe(images[v.variant]);
  }, 180_000);

  it("the console's figures count each visitor under their variant", async () => {
    for (const variant of ['A', 'B']) {
      await expect.poll(async () => (await shownFigures(variant)).visitors, { timeout: 30_000, interval: 1_000 }).toBe(1);
      expect((await shownFigures(variant)).taps).toBeGreaterThanOrEqual(4);
    }
    await editor.getByText(/^Not enough data yet/).waitFor();
    const found = await shootReleaseScreens(
      editor,
      {
        'cover-tests': () => editor.goto('/console/cover-tests').then(() => undefined),
        'cover-test': () => editor.goto(`/console/cover-tests/${testId}`).then(() => undefined),
      },
      SHOTS,
    );
    expect(found).toEqual([]);
  }, 240_000);

  it('ending it with a winner puts the winner everywhere', async () => {
    await editor.goto(`/console/cover-tests/${testId}`);
    await settled(editor, /^Cover test: /);
    // Picked with the keyboard.
    await editor.getByRole('button', { name: 'Pick variant B as the winner' }).focus();
    await editor.keyboard.press('Enter');
    await editor.getByText(/^Variant B won, picked by an editor/).waitFor();
    for (const node of nodes)
      for (const v of visitors) await expect.poll(() => coverOn(v.page, node), { timeout: 30_000, interval: 1_000 }).toBe(images[1]);
    await editor.screenshot({ path: path.join(SHOTS, 'en-desktop-cover-test-ended.png'), fullPage: true });
  }, 180_000);

  it("a banner test: each visitor's home shows their variant of the banner on both nodes; the console lists it and counts it", async () => {
    const home = visitors[0].page;
    await home.goto(`${nodes[0]}/`);
    const bannerId = Number(await home.locator('[data-banner-id]').first().getAttribute('data-banner-id'));
    // Variant A is the banner as it is: the art its language shows (a banner of every language has one per language).
    const before = await bannerOn(home, nodes[0], bannerId);
    // The banner's editor links here with the banner chosen.
    await editor.goto(`/console/cover-tests?banner=${bannerId}`);
    await settled(editor, 'Cover tests');
    expect(await editor.getByLabel('Image tested').inputValue()).toBe('banner');
    await expect.poll(() => editor.getByLabel('Banner', { exact: true }).inputValue()).toBe(String(bannerId));
    await editor.getByRole('button', { name: 'Make the test' }).click();
    await editor.waitForURL(/\/console\/cover-tests\/\d+$/);
    const bannerTest = Number(/(\d+)$/.exec(editor.url())![1]);
    await settled(editor, new RegExp(`^Cover test: Banner ${bannerId}.* · Home banner$`));
    const file = path.join(dataDir, 'banner-b.png');
    writeFileSync(
      file,
      await sharp({ create: { width: 1200, height: 400, channels: 3, background: { r: 40, g: 160, b: 90 } } })
        .png()
        .toBuffer(),
    );
    await editor.getByLabel('Add a variant image…').setInputFiles(file);
    await editor.getByRole('heading', { name: 'Variants (2)' }).waitFor();
    await editor.getByLabel('Days to run').fill('7');
    await editor.getByRole('button', { name: 'Start the test' }).click();
    await editor.getByText(/^Running: visitors are split/).waitFor();
    const shown = [before, (await editorApi<{ images: string[] }>(editor, 'GET', `/cover-tests/${bannerTest}`)).images[1]];
    const seen = [0, 1].map(async (variant) => ({ variant, page: await visitorWith(tokenFor(variant, 1, bannerTest), 'desktop') }));
    for (const v of await Promise.all(seen))
      for (const node of nodes)
        await expect.poll(() => bannerOn(v.page, node, bannerId), { timeout: 30_000, interval: 1_000 }).toBe(shown[v.variant]);
    await editor.goto('/console/cover-tests');
    await editor.getByRole('link', { name: new RegExp(`^Banner ${bannerId}`) }).waitFor();
    await editor
      .getByRole('rowheader', { name: /^Variant/ })
      .first()
      .waitFor({ state: 'detached' });
    // Counted once the rollups are written (a second or so): then the screen shows an impression for each variant.
    const counted = async () =>
      (await editorApi<{ variants: { impressions: number }[] }>(editor, 'GET', `/cover-tests/${bannerTest}`)).variants.map(
        (v) => v.impressions > 0,
      );
    await expect.poll(counted, { timeout: 30_000, interval: 500 }).toEqual([true, true]);
    await editor.goto(`/console/cover-tests/${bannerTest}`);
    await settled(editor, /^Cover test: Banner/);
    for (const variant of ['A', 'B']) {
      const row = editor.locator('tr', { has: editor.getByRole('rowheader', { name: new RegExp(`^Variant ${variant}`) }) });
      expect(Number(await row.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(1);
    }
    await editor.getByRole('columnheader', { name: 'Reading time per reader' }).waitFor();
  }, 180_000);
});
