import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleShared } from './base';
import { launchBrowser, newContext } from './harness';
import { newMember, seriousAxe, settled, type SharedConsole } from './consoleSupport';

/**
 * Drafts in Chromium, on the shared console server (the demo catalog; tests/e2e/globalSetup.ts): an editor makes a
 * publisher, then a series in the one new-title form; it is a draft the reader never shows (no list, its page not
 * found); published as coming soon, its title page shows the date and the schedule. Screenshots of the form and the
 * publishers screen in English and Japanese (and Thai content), phone and desktop.
 */
const EDITOR = { name: 'Dora Drafts', password: 'velvet-harbour-quietly-73' };
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/console-drafts');
const stamp = Date.now().toString(36);
const NAME = `Tidewater Lanterns ${stamp}`;
const PUBLISHER = `Tide Press ${stamp}`;
const SCHEDULE = 'Every Friday from spring';

let server: SharedConsole;
let browser: Browser;
const contexts: BrowserContext[] = [];
let editor: Page;
let seriesId = 0;
let titleId = 0;

async function page() {
  const ctx = await newContext(browser, 'desktop', server.url);
  contexts.push(ctx);
  return ctx.newPage();
}

/** The reader's list of every title (what its lists and search are made of), as JSON. */
const allTitles = async (p: Page) => JSON.stringify(await (await p.request.get('/api/title_list/allV2?format=json')).json());

beforeAll(async () => {
  server = consoleShared();
  browser = await launchBrowser();
  editor = await page();
  await newMember(server, editor, ['editor'], EDITOR);
}, 240_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('drafts that go live together', () => {
  it('an editor makes a publisher, then a title in one form: a draft of that publisher', async () => {
    await editor.goto('/console/publishers');
    await settled(editor, 'Publishers');
    const form = editor.getByRole('form', { name: 'New publisher' });
    await form.getByLabel('Name').fill(PUBLISHER);
    await form.getByRole('button', { name: 'Create the publisher' }).click();
    await editor.getByRole('heading', { level: 2, name: PUBLISHER }).waitFor();

    await editor.goto('/console/series');
    await settled(editor, 'Series and chapters');
    await editor.getByRole('button', { name: 'New title' }).click();
    const f = editor.getByRole('form', { name: 'New title' });
    await f.getByLabel('Title', { exact: true }).fill(NAME);
    await f.getByLabel('Author').fill('Mira Coast');
    await f.getByLabel('Language').selectOption('en');
    await f.getByLabel('Publisher').selectOption({ label: PUBLISHER });
    await f.getByRole('button', { name: 'Create the title' }).click();
    await settled(editor, NAME);
    seriesId = Number(/\/series\/(\d+)/.exec(editor.url())?.[1]);
    const s = (await (await editor.request.get(`/console/api/series/${seriesId}`)).json()) as {
      publisherId: number;
      titles: { id: number; readers: string }[];
    };
    titleId = s.titles[0].id;
    expect(s.titles.map((x) => x.readers)).toEqual(['draft']);
    const readers = editor.getByRole('region', { name: 'What readers see' });
    await readers.getByText('Draft', { exact: true }).waitFor();
    // Where am I: the catalog's trail.
    const trail = editor.getByRole('navigation', { name: 'Where you are' });
    expect(await trail.innerText()).toContain('Series and chapters');
    expect(await trail.locator('[aria-current="page"]').innerText()).toBe(NAME);
    // No "none of its languages are yours" to its maker; the one language shown once.
    expect(await editor.getByText("None of this series' languages are yours to edit.").count()).toBe(0);
    expect(await editor.getByRole('form', { name: 'English' }).count()).toBe(1);
  }, 120_000);

  it('the reader never shows the draft: not in the lists, its page not found', async () => {
    const visitor = await page();
    expect(await allTitles(visitor)).not.toContain(NAME);
    await visitor.goto(`/titles/${titleId}`);
    await visitor.waitForLoadState('networkidle');
    await visitor.getByRole('heading', { level: 1 }).first().waitFor();
    const text = await visitor.evaluate(() => document.body.innerText);
    expect(text).not.toContain(NAME);
    expect(text).toContain('Page Not Found');
  }, 60_000);

  it('published as coming soon: the reader shows its page with the date and the schedule', async () => {
    await editor.goto(`/console/series/${seriesId}`);
    await settled(editor, NAME);
    const readers = editor.getByRole('region', { name: 'What readers see' });
    const at = new Date(Date.now() + 10 * 86400_000);
    const local = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}T18:00`;
    await readers.getByLabel('Time zone').selectOption('UTC');
    await readers.getByLabel('Coming on').fill(local);
    await readers.getByLabel('Schedule shown to readers').fill(SCHEDULE);
    await readers.getByRole('button', { name: 'Publish as coming soon' }).click();
    await editor.getByText('Published: readers now see the coming-soon page.').waitFor();
    await readers.getByText('Coming soon', { exact: true }).waitFor();

    const visitor = await page();
    await expect.poll(() => allTitles(visitor), { timeout: 30_000 }).toContain(NAME);
    await visitor.goto(`/titles/${titleId}`);
    await visitor.getByRole('heading', { level: 1, name: NAME }).waitFor();
    const soon = visitor.getByRole('region', { name: 'Coming soon' });
    await soon.waitFor();
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(Date.UTC(at.getFullYear(), at.getMonth(), at.getDate(), 18));
    expect(await soon.innerText()).toContain(`First chapter on ${date}`);
    expect(await soon.innerText()).toContain(SCHEDULE);
    mkdirSync(SHOTS, { recursive: true });
    await visitor.screenshot({ path: path.join(SHOTS, 'reader-coming-soon.png'), fullPage: true });
  }, 90_000);

  it('screenshots of the new-title form and the publishers screen in English, Japanese and Thai, phone and desktop', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
    const variants = [
      { slug: 'en', ui: 'en', name: 'Harbour of Lanterns', language: 'en', button: 'New title' },
      { slug: 'ja', ui: 'ja', name: '灯の港', language: 'en', button: '新しい作品' },
      { slug: 'th', ui: 'th', name: 'ท่าเรือแห่งโคมไฟ', language: 'th', button: 'เรื่องใหม่' },
    ];
    const found: string[] = [];
    for (const v of variants) {
      await editor.evaluate((l) => localStorage.setItem('console.lang', l), v.ui);
      for (const [kind, size] of Object.entries(sizes)) {
        await editor.setViewportSize(size);
        await editor.goto('/console/series');
        await settled(editor);
        await editor.locator('.c-list').first().waitFor();
        await editor.getByRole('button', { name: v.button }).click();
        const f = editor.locator('form[aria-labelledby="new-title"]');
        await f.locator('input').first().fill(v.name);
        await f.locator('#new-title-language').selectOption(v.language);
        if (kind === 'desktop' && v.slug === 'en') found.push(...(await seriousAxe(editor, 'new-title')));
        await f.screenshot({ path: path.join(SHOTS, `${v.slug}-${kind}-new-title.png`) });
        await editor.goto('/console/publishers');
        await settled(editor);
        if (kind === 'desktop' && v.slug === 'en') found.push(...(await seriousAxe(editor, 'publishers')));
        await editor.screenshot({ path: path.join(SHOTS, `${v.slug}-${kind}-publishers.png`), fullPage: true });
      }
    }
    await editor.evaluate(() => localStorage.setItem('console.lang', 'en'));
    expect(found).toEqual([]);
  }, 240_000);
});
