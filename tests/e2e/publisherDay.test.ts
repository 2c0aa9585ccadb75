import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Series } from '../../core/console/schemas/catalog';
import { consoleShared } from './base';
import { launchBrowser, newContext } from './harness';
import { newMember, settled, type SharedConsole } from './consoleSupport';
import { newDraft, pageImage, upload, wallClock } from './consoleCatalogSupport';
import { editorApi, shootReleaseScreens, threeLanguageSeries } from './consoleReleaseGroupSupport';

/**
 * One release in three languages, in Chromium on the console server the worker's files share: an editor makes a
 * chapter's English, Spanish and Thai drafts, joins them into one release from the English chapter's screen, schedules
 * it a minute or two ahead in Bangkok time, finds it in the release calendar (day and week), and after its time
 * readers have all three editions at once. Screenshots of the calendar and the group's editor in English and
 * Japanese at phone and desktop width; axe finds nothing serious.
 */
const EDITOR = { name: 'Rhea Releaser', password: 'violet-harbour-quietly-73' };
const ZONE = 'Asia/Bangkok';
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/console-release-group');

let server: SharedConsole;
let browser: Browser;
const contexts: BrowserContext[] = [];
let editor: Page, reader: Page;
let series: Series;
const chapters: Record<string, number> = {};
let groupId = 0;
let releaseAtMs = 0;

async function page() {
  const ctx = await newContext(browser, 'desktop', server.url);
  contexts.push(ctx);
  return ctx.newPage();
}

beforeAll(async () => {
  server = consoleShared();
  browser = await launchBrowser();
  [editor, reader] = await Promise.all([page(), page()]);
  await newMember(server, editor, ['editor'], EDITOR);
  await editor.evaluate((z) => localStorage.setItem('console.timeZone', z), ZONE);
  series = await threeLanguageSeries(editor, `release-group-${Date.now().toString(36)}`);
  mkdirSync(SHOTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('one release in three languages', () => {
  it('three drafts with pages, joined into one release from the English chapter', async () => {
    for (const t of series.titles) {
      chapters[t.language] = await newDraft(editor, t.id, `Lantern ${t.language}`);
      await upload(editor, 'Images', [await pageImage(1, t.language), await pageImage(2, t.language)]);
    }
    await editor.goto(`/console/chapters/${chapters.en}`);
    await settled(editor);
    await editor.getByRole('link', { name: 'Release together with other languages…' }).click();
    await settled(editor, 'One release in several languages');
    for (const t of series.titles.filter((x) => x.language !== 'en'))
      await editor.locator(`#edition-${t.id}`).selectOption(String(chapters[t.language]));
    await editor.getByLabel('Name of the release').fill('Lantern, chapter 1');
    await editor.getByRole('checkbox', { name: ZONE }).check();
    await editor.getByRole('button', { name: 'Make the release' }).click();
    await editor.waitForURL(/\/console\/releases\/\d+$/);
    groupId = Number(/(\d+)$/.exec(editor.url())![1]);
    await settled(editor, 'Release: Lantern, chapter 1');
    await expect.poll(() => editor.getByText('Every edition has its pages.').count()).toBe(1);
    // The English chapter now says it goes out with the release, and offers no schedule of its own.
    await editor.goto(`/console/chapters/${chapters.en}`);
    await settled(editor);
    await editor.getByText(/^Part of the release “Lantern, chapter 1”/).waitFor();
    expect(await editor.getByRole('button', { name: 'Schedule', exact: true }).count()).toBe(0);
  }, 300_000);

  it('scheduled at one time in Bangkok time, shown in the calendar by day and week', async () => {
    await editor.goto(`/console/releases/${groupId}`);
    await settled(editor, /^Release: /);
    await editor.getByLabel('Time zone').selectOption(ZONE);
    releaseAtMs = Math.ceil((Date.now() + 90_000) / 60_000) * 60_000;
    await editor.getByLabel('Release time').fill(wallClock(releaseAtMs, ZONE));
    await editor.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => editor.locator('.c-release-group__state').textContent()).toMatch(/^Scheduled · /);
    const g = await editorApi<{ startAt: number; state: string }>(editor, 'GET', `/release-groups/${groupId}`);
    expect(g).toMatchObject({ state: 'scheduled', startAt: releaseAtMs / 1000 });

    await editor.goto('/console/calendar');
    await settled(editor, 'Release calendar');
    await editor.getByRole('button', { name: 'Day', exact: true }).click();
    const entry = editor.locator('.c-calendar__entry--group', { hasText: 'Lantern, chapter 1' });
    await entry.waitFor();
    const bangkok = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone: ZONE }).format(releaseAtMs);
    expect(await entry.textContent()).toContain(bangkok);
    expect(await entry.textContent()).toMatch(/English, Spanish, Thai · in \d+ minutes?/);
    // Filtered by a language it lacks, it is gone; its entry opens the group's editor (where it is moved).
    await editor.getByLabel('Title language').selectOption('fr');
    await expect.poll(() => entry.count()).toBe(0);
    await editor.getByLabel('Title language').selectOption('th');
    await entry.getByRole('link').click();
    await settled(editor, 'Release: Lantern, chapter 1');
  }, 120_000);

  it('the calendar and the group editor in English and Japanese at both widths; axe finds nothing serious', async () => {
    const found = await shootReleaseScreens(
      editor,
      {
        'calendar-week': async () => {
          await editor.goto('/console/calendar');
          await settled(editor);
        },
        'calendar-day': async () => {
          await editor.goto('/console/calendar');
          await settled(editor);
          await editor.locator('.c-calendar__bar button').first().click();
        },
        'release-group': () => editor.goto(`/console/releases/${groupId}`).then(() => undefined),
      },
      SHOTS,
    );
    expect(found).toEqual([]);
  }, 180_000);

  it('after its time readers have all three editions at once', async () => {
    const visible = async (id: number) => {
      const r = await reader.request.get(`${server.url}/api/manga_viewer?chapter_id=${id}&split=yes&img_quality=low&format=json`);
      return ((await r.json()) as { success?: unknown }).success !== undefined;
    };
    expect(Date.now()).toBeLessThan(releaseAtMs);
    for (const id of Object.values(chapters)) expect(await visible(id)).toBe(false);
    await expect
      .poll(async () => (await Promise.all(Object.values(chapters).map(visible))).filter(Boolean).length, {
        timeout: 240_000,
        interval: 2_000,
      })
      .toBe(3);
    expect(Date.now()).toBeGreaterThanOrEqual(releaseAtMs);
    for (const t of series.titles) {
      const detail = await (await reader.request.get(`${server.url}/api/title_detailV3?title_id=${t.id}&format=json`)).text();
      expect(detail).toContain(`Lantern ${t.language}`);
    }
    await editor.goto(`/console/releases/${groupId}`);
    await settled(editor);
    await expect.poll(() => editor.locator('.c-release-group__state').textContent()).toMatch(/^Released/);
  }, 300_000);
});
