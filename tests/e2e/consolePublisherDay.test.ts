import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Series } from '../../core/console/schemas/catalog';
import { consoleShared } from './base';
import { launchBrowser, newContext } from './harness';
import { newMember, settled, type SharedConsole } from './consoleSupport';
import { decrypt, startPushService } from '../server/pushLoopback';
import { newDraft, pageImage, subscribeReader, upload, wallClock } from './consoleCatalogSupport';
import { dayNames, draftSeries, editorApi, shootReleaseScreens } from './consoleReleaseGroupSupport';

/**
 * A publisher's day, in Chromium on the console server the worker's files share: an editor makes a new series in
 * the new-title form (a draft) with English, Spanish and Thai titles; the reader shows nothing of it. The editor makes
 * the first chapter's three drafts, joins them into one release from the English chapter's screen, schedules it a
 * minute or two ahead in Bangkok time and finds it in the release calendar (day and week). Until its time readers see
 * none of the series; then all three languages at once. Readers follow it in their languages; the next chapter goes
 * out as one release and each gets one notification, in their language. Screenshots of the calendar and the group's
 * editor in English and Japanese at phone and desktop width, and of the released Thai title; axe finds nothing serious.
 */
const EDITOR = { name: 'Rhea Releaser', password: 'violet-harbour-quietly-73' };
const ZONE = 'Asia/Bangkok';
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/console-release-group');
const NAMES = dayNames(Date.now().toString(36));
const LANGS = ['en', 'es', 'th'] as const;

let server: SharedConsole;
let browser: Browser;
const contexts: BrowserContext[] = [];
let editor: Page, reader: Page;
let series: Series;
const chapters: Record<string, number> = {};
let groupId = 0;
let releaseAtMs = 0;
const push = startPushService();
let pushBase = '';

/** The reader's list of every title (what its lists, search and rankings are made of), as JSON text. */
const allTitles = async () => JSON.stringify(await (await reader.request.get(`${server.url}/api/title_list/allV2?format=json`)).json());
/** Which of the series' three names the reader lists now. */
const listed = async () => {
  const all = await allTitles();
  return LANGS.filter((l) => all.includes(NAMES[l]));
};
const titleOf = (language: string) => series.titles.find((t) => t.language === language)!;

/** Three drafts of the series' next chapter, one per language, each with two pages; answers their ids by language. */
async function chapterDrafts(name: string): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const t of series.titles) {
    ids[t.language] = await newDraft(editor, t.id, `${name} ${t.language}`);
    await upload(editor, 'Images', [await pageImage(1, t.language), await pageImage(2, t.language)]);
  }
  return ids;
}

/** From the English chapter's screen, one release of the three drafts, named `name`; answers the group's id. */
async function joinIntoRelease(ids: Record<string, number>, name: string): Promise<number> {
  await editor.goto(`/console/chapters/${ids.en}`);
  await settled(editor);
  await editor.getByRole('link', { name: 'Release together with other languages…' }).click();
  await settled(editor, 'One release in several languages');
  for (const t of series.titles.filter((x) => x.language !== 'en'))
    await editor.locator(`#edition-${t.id}`).selectOption(String(ids[t.language]));
  await editor.getByLabel('Name of the release').fill(name);
  await editor.getByRole('checkbox', { name: ZONE }).check();
  await editor.getByRole('button', { name: 'Make the release' }).click();
  await editor.waitForURL(/\/console\/releases\/\d+$/);
  await settled(editor, `Release: ${name}`);
  await expect.poll(() => editor.getByText('Every edition has its pages.').count()).toBe(1);
  return Number(/(\d+)$/.exec(editor.url())![1]);
}

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
  pushBase = await push.listen();
  mkdirSync(SHOTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await push.close();
});

describe("a publisher's day: a new series out in three languages at once", () => {
  it('a new series made in the new-title form is a draft, with its Spanish and Thai titles; the reader shows none of it', async () => {
    series = await draftSeries(editor, NAMES);
    expect(series.titles.map((t) => [t.language, t.readers])).toEqual([
      ['en', 'draft'],
      ['es', 'draft'],
      ['th', 'draft'],
    ]);
    expect(await listed()).toEqual([]);
    await reader.goto(`/titles/${titleOf('th').id}`);
    await reader.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await reader.evaluate(() => document.body.innerText)).toContain('Page Not Found');
  }, 180_000);

  it("the first chapter's three drafts with pages, joined into one release from the English chapter", async () => {
    Object.assign(chapters, await chapterDrafts('Lantern'));
    groupId = await joinIntoRelease(chapters, 'Lantern, chapter 1');
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

  it('until its time the reader shows none of the series; then all three languages at once', async () => {
    const visible = async (id: number) => {
      const r = await reader.request.get(`${server.url}/api/manga_viewer?chapter_id=${id}&split=yes&img_quality=low&format=json`);
      return ((await r.json()) as { success?: unknown }).success !== undefined;
    };
    expect(Date.now()).toBeLessThan(releaseAtMs);
    expect(await listed()).toEqual([]);
    for (const id of Object.values(chapters)) expect(await visible(id)).toBe(false);
    // Polled until any of the three is listed: at that moment all three are (one release, not three).
    await expect.poll(async () => (await listed()).length, { timeout: 240_000, interval: 1_000 }).toBeGreaterThan(0);
    expect(await listed()).toEqual(LANGS);
    expect(Date.now()).toBeGreaterThanOrEqual(releaseAtMs);
    for (const id of Object.values(chapters)) expect(await visible(id)).toBe(true);
    for (const t of series.titles) {
      const detail = await (await reader.request.get(`${server.url}/api/title_detailV3?title_id=${t.id}&format=json`)).text();
      expect(detail).toContain(`Lantern ${t.language}`);
    }
    await reader.goto(`/titles/${titleOf('th').id}`);
    await reader.getByRole('heading', { level: 1, name: NAMES.th }).waitFor();
    await reader.getByText('Lantern th').first().waitFor();
    await reader.screenshot({ path: path.join(SHOTS, 'reader-thai-title-released.png'), fullPage: true });
    await editor.goto(`/console/releases/${groupId}`);
    await settled(editor);
    await expect.poll(() => editor.locator('.c-release-group__state').textContent()).toMatch(/^Released/);
  }, 300_000);

  it('readers follow it in their languages; the next chapter as one release: one notification each, in their language', async () => {
    const who = { en: 'eng', es: 'esp', th: 'tha' } as const;
    const BODY = { en: 'New chapter:', es: 'Nuevo capítulo:', th: 'ตอนใหม่:' } as const;
    const subs = Object.fromEntries(
      await Promise.all(
        LANGS.map(async (l) => [l, await subscribeReader(await page(), titleOf(l).id, `${pushBase}/push/${l}`, who[l])] as const),
      ),
    );
    const next = await chapterDrafts('Harbour');
    const nextGroup = await joinIntoRelease(next, 'Lantern, chapter 2');
    expect(push.received).toEqual([]);
    await editor.getByRole('button', { name: 'Release now' }).click();
    await expect.poll(() => editor.locator('.c-release-group__state').textContent(), { timeout: 30_000 }).toMatch(/^Released/);
    expect(nextGroup).toBeGreaterThan(groupId);
    await expect.poll(() => push.received.length, { timeout: 120_000, interval: 500 }).toBeGreaterThanOrEqual(3);
    // Time for a second notification to arrive, were there one (the scheduler checks every second here).
    await new Promise((r) => setTimeout(r, 5_000));
    expect(push.received.map((r) => r.path).sort()).toEqual(['/push/en', '/push/es', '/push/th']);
    for (const l of LANGS) {
      const got = decrypt(subs[l], push.received.find((r) => r.path === `/push/${l}`)!.body) as Record<string, string>;
      expect(got).toMatchObject({ url: `/viewer/${next[l]}`, title: NAMES[l], lang: who[l], body: `${BODY[l]} Harbour ${l}` });
    }
  }, 300_000);
});
