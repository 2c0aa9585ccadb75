import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Series } from '../../core/console/schemas/catalog';
import { UPLOAD_CHUNK_BYTES } from '../../console/screens/chapters/uploader';
import { decrypt, startPushService } from '../server/pushLoopback';
import { consoleShared } from './base';
import { launchBrowser, newContext } from './harness';
import { newMember, settled, type SharedConsole } from './consoleSupport';
import {
  bigPage,
  boardNames,
  cbz,
  dropOnSecondPatch,
  newDraft,
  pageImage,
  seen,
  seriesWithTwoLanguages,
  shootScreens,
  subscribeReader,
  upload,
  wallClock,
  watchUpload,
} from './consoleCatalogSupport';

/**
 * The console's catalog in Chromium, on the console server the worker's files share (the demo catalog,
 * releases checked every second, the loopback push service admitted; tests/e2e/globalSetup.ts): an invited editor
 * uploads a 30-page chapter and a CBZ (Uppy + tus), a dropped connection resumes from the server's offset, pages are
 * reordered by keyboard and drag, the draft opens in the reader's viewer, a release scheduled a minute ahead in Tokyo
 * time (the other checks run meanwhile) reaches the reader's home and a subscriber's push service; a localizer cannot
 * touch another language; a visitor reaches no draft by any id.
 */
const EDITOR = { name: 'Eda Editor', password: 'amber-lantern-softly-58' };
const LOCALIZER = { name: 'Lou Localizer', password: 'copper-meadow-gently-64' };
const ZONE = 'Asia/Tokyo';
const RELEASE_SUBTITLE = 'Harbour lights at dawn';
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/console-catalog');

const push = startPushService();
let server: SharedConsole;
let browser: Browser;
const contexts: BrowserContext[] = [];
let editor: Page, localizer: Page, reader: Page;
let series: Series;
let titleId = 0;
let otherLanguage = '';
let sub: Awaited<ReturnType<typeof subscribeReader>>;
const chapters = { thirty: 0, archive: 0, resumed: 0 };
let releaseAtMs = 0;

async function page() {
  const ctx = await newContext(browser, 'desktop', server.url);
  contexts.push(ctx);
  return ctx.newPage();
}

beforeAll(async () => {
  const pushBase = await push.listen();
  server = consoleShared();
  browser = await launchBrowser();
  [editor, localizer, reader] = await Promise.all([page(), page(), page()]);
  await newMember(server, editor, ['editor'], EDITOR);
  // A demo series with an English title and another language: the editor's chapters go to the English one.
  series = await seriesWithTwoLanguages(editor);
  titleId = series.titles.find((x) => x.language === 'en')!.id;
  otherLanguage = series.titles.find((x) => x.language !== 'en')!.language;
  expect(titleId).toBeGreaterThan(0);
  await newMember(server, localizer, ['localizer'], LOCALIZER, [otherLanguage]);
  sub = await subscribeReader(reader, titleId, `${pushBase}/push/catalog`);
}, 240_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await push.close();
});

describe('the console catalog', () => {
  it('an editor uploads 30 page images; per-file and total progress end; the pages are on the board', async () => {
    chapters.thirty = await newDraft(editor, titleId, 'Console thirty', RELEASE_SUBTITLE);
    const files = await Promise.all(Array.from({ length: 30 }, (_, i) => pageImage(i + 1)));
    await upload(editor, 'Images', files);
    const s = await seen(editor);
    expect(s.totals).toContain('30 files, 100% sent');
    expect(s.fullBars).toBe(30);
    expect(s.notices.some((n) => /^Making pages: \d+ of 30$/.test(n))).toBe(true);
    await editor.getByRole('heading', { name: 'Pages (30)' }).waitFor();
    expect(await boardNames(editor)).toEqual(files.map((f) => f.name));
    // Every thumbnail is drawn (the board's image route answers for each); they load lazily, so each one not yet
    // drawn is scrolled to in turn.
    await expect
      .poll(() =>
        editor.locator('.c-board__thumb img').evaluateAll((is) => {
          const waiting = is.filter((i) => !((i as HTMLImageElement).naturalWidth > 0));
          waiting[0]?.scrollIntoView({ block: 'center' });
          return is.length - waiting.length;
        }),
      )
      .toBe(30);
  }, 180_000);

  it('pages are reordered by keyboard and by drag, and the order is saved', async () => {
    await editor.goto(`/console/chapters/${chapters.thirty}`);
    await settled(editor, 'Chapter: Console thirty');
    const thumbs = editor.locator('.c-board__thumb');
    const saved = () => editor.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/pages') && r.ok());
    await thumbs.first().focus();
    await editor.keyboard.press('Space');
    await editor.keyboard.press('ArrowDown');
    await editor.keyboard.press('ArrowDown');
    const put = saved();
    await editor.keyboard.press('Space');
    await put;
    await editor.getByText('Moved to position 3 of 30.').waitFor();
    const dragged = saved();
    await editor.locator('.c-board__page').nth(3).dragTo(editor.locator('.c-board__page').first());
    await dragged;
    await editor.reload();
    await settled(editor, 'Chapter: Console thirty');
    expect((await boardNames(editor)).slice(0, 5)).toEqual(['page-04.jpg', 'page-02.jpg', 'page-03.png', 'page-01.png', 'page-05.png']);
  }, 120_000);

  it("the preview link opens the draft in the reader's own viewer; its art needs a staff session", async () => {
    const shown = editor.context().waitForEvent('response', (r) => /\/console\/api\/preview\/[^/]+\/page\/0\//.test(r.url()));
    const [viewer] = await Promise.all([
      editor.context().waitForEvent('page'),
      editor.getByRole('button', { name: 'Preview as a reader' }).click(),
    ]);
    await viewer.waitForURL(/\/viewer\/\d+\?preview=/);
    expect(new URL(viewer.url()).pathname).toBe(`/viewer/${chapters.thirty}`);
    expect((await shown).status()).toBe(200);
    await viewer.getByText('Console thirty').first().waitFor();
    // The viewer's own count: pages, not items (the 30 pages; the last page is no page).
    await viewer.getByText('1 / 30').waitFor();
    await viewer.waitForLoadState('networkidle');
    mkdirSync(SHOTS, { recursive: true });
    await viewer.screenshot({ path: path.join(SHOTS, 'en-desktop-preview-viewer.png') });
    const token = new URL(viewer.url()).searchParams.get('preview')!;
    await viewer.close();
    // Without a staff session the same link's art is refused; without the link the reader's API knows no such chapter.
    const stranger = await page();
    expect((await stranger.request.get(`/console/api/preview/${token}/page/0/high.webp`)).status()).toBe(401);
    const answer = async (q: string) =>
      (await (await stranger.request.get(`/api/manga_viewer?chapter_id=${chapters.thirty}&format=json${q}`)).json()) as object;
    expect(await answer(`&preview=${token}`)).toHaveProperty('success');
    expect(await answer('&preview=guessed-token')).not.toHaveProperty('success');
    expect(await answer('')).not.toHaveProperty('success');
    await stranger.context().close();
  }, 90_000);

  it('a release is scheduled a minute ahead in a time zone the editor picks; it is not out before its time', async () => {
    await editor.getByLabel('Time zone').selectOption(ZONE);
    // datetime-local holds minutes: the first whole minute at least 60 s from now.
    releaseAtMs = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
    await editor.getByLabel('Release time').fill(wallClock(releaseAtMs, ZONE));
    await editor.getByRole('button', { name: 'Schedule', exact: true }).click();
    const state = editor.locator('.c-release__state');
    await expect.poll(() => state.textContent()).toMatch(/^Scheduled · releases /);
    // Shown back in the zone picked: Tokyo's wall clock (en-US: 12-hour), GMT+9.
    const tokyo = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' }).format(releaseAtMs);
    expect(await state.textContent()).toMatch(new RegExp(`${tokyo.replace(/\s/g, '\\s')} GMT\\+9$`));
    const chapter = (await (await editor.request.get(`/console/api/chapters/${chapters.thirty}`)).json()) as { startAt: number };
    expect(chapter.startAt).toBe(releaseAtMs / 1000);
    // Before its time the reader's API knows no such chapter, and nobody was notified.
    const early = (await (await reader.request.get(`/api/manga_viewer?chapter_id=${chapters.thirty}&format=json`)).json()) as object;
    expect(Date.now()).toBeLessThan(releaseAtMs);
    expect(early).not.toHaveProperty('success');
    expect(push.received).toHaveLength(0);
  }, 60_000);

  it('a CBZ is uploaded the same way and becomes its pages', async () => {
    chapters.archive = await newDraft(editor, titleId, 'Console archive');
    await upload(editor, 'A CBZ or ZIP', [await cbz('chapter-2.cbz', 8)]);
    await editor.getByRole('heading', { name: 'Pages (8)' }).waitFor();
    expect(await boardNames(editor)).toEqual(
      Array.from({ length: 8 }, (_, i) => `scan-${String(i + 1).padStart(2, '0')}.${i % 2 === 0 ? 'png' : 'jpg'}`),
    );
  }, 120_000);

  it('a connection dropped mid-way resumes from the offset the server acknowledged, not from 0', async () => {
    chapters.resumed = await newDraft(editor, titleId, 'Console resumed');
    const big = await bigPage('strip-01.png');
    const ctx = editor.context();
    // The second chunk never arrives: the network goes away as it is sent.
    const { log, stop } = await dropOnSecondPatch(editor);
    await watchUpload(editor);
    await editor.locator('.c-upload input[type="file"][accept="image/*"]').setInputFiles([big]);
    await editor.getByText('The connection dropped.', { exact: false }).waitFor();
    await ctx.setOffline(false);
    await editor
      .getByText('The pages are on the board.')
      .waitFor({ timeout: 120_000 })
      .catch(async (e: unknown) => {
        throw new Error(`not resumed: requests ${log.join(', ')}; shown ${JSON.stringify(await seen(editor))}`, { cause: e });
      });
    await stop();
    await editor.getByRole('heading', { name: 'Pages (1)' }).waitFor();
    // One upload made; after the drop a HEAD asks where it stands, and sending goes on from the first chunk's end.
    const chunk = String(UPLOAD_CHUNK_BYTES);
    expect(log.filter((l) => l === 'POST')).toHaveLength(1);
    expect(log.slice(0, 3)).toEqual(['POST', 'PATCH 0', `PATCH ${chunk}`]);
    const head = log.indexOf('HEAD');
    expect(head).toBeGreaterThan(2);
    expect(log[head + 1]).toBe(`PATCH ${chunk}`);
    expect(log.slice(head).filter((l) => l === 'PATCH 0')).toEqual([]);
    expect((await seen(editor)).totals.at(-1)).toBe('1 files, 100% sent');
  }, 180_000);

  it('a localizer cannot touch another language: the screen offers no edit and the API answers 403 problem+json', async () => {
    await localizer.goto(`/console/series/${series.id}`);
    await settled(localizer);
    const editable = await localizer.locator('#titles-edit option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(editable).toEqual([otherLanguage]);
    const english = localizer.locator('form[lang="en"]');
    await english.waitFor();
    const fields = english.locator('input:not([type="checkbox"]), textarea');
    expect(await fields.count()).toBe(5);
    expect(await fields.evaluateAll((es) => es.every((e) => (e as HTMLInputElement).readOnly))).toBe(true);
    expect(await english.locator('input[type="checkbox"]').isDisabled()).toBe(true);
    expect(await english.getByRole('button', { name: 'Save' }).count()).toBe(0);
    const en = series.titles.find((x) => x.language === 'en')!;
    const r = await localizer.request.patch(`/console/api/catalog/titles/${en.id}`, {
      headers: { 'X-Console-Request': '1', Origin: new URL(localizer.url()).origin },
      data: {
        name: 'Hijacked',
        author: en.author,
        overview: en.overview,
        viewingPeriod: en.viewingPeriod,
        nonAppearance: en.nonAppearance,
        isNew: en.isNew,
        version: en.version,
      },
    });
    expect(r.status()).toBe(403);
    expect(r.headers()['content-type']).toMatch(/^application\/problem\+json/);
    expect(((await r.json()) as { code: string }).code).toBe('forbidden');
    // Nor may a localizer reach a chapter.
    expect((await localizer.request.get(`/console/api/chapters/${chapters.archive}`)).status()).toBe(403);
  }, 60_000);

  it('a visitor reaches no draft by any id or image URL', async () => {
    const visitor = await page();
    await visitor.goto(`/titles/${titleId}`);
    await visitor.waitForLoadState('networkidle');
    await visitor.getByRole('heading', { level: 1 }).first().waitFor();
    const text = await visitor.evaluate(() => document.body.innerText);
    for (const name of ['Console thirty', 'Console archive', 'Console resumed', RELEASE_SUBTITLE]) expect(text).not.toContain(name);
    for (const id of [chapters.archive, chapters.resumed]) {
      const viewer = (await (await visitor.request.get(`/api/manga_viewer?chapter_id=${id}&format=json`)).json()) as object;
      expect(viewer).not.toHaveProperty('success');
      expect(viewer).toHaveProperty('error');
      for (const q of ['low', 'high', 'super_high']) expect((await visitor.request.get(`/img/page/${id}/0/${q}.webp`)).status()).toBe(404);
      const thumb = await visitor.request.get(`/console/api/chapters/${id}/pages/1/thumb.webp`);
      expect(thumb.status()).toBe(401);
      expect(thumb.headers()['content-type']).toMatch(/^application\/problem\+json/);
    }
  }, 60_000);

  it('screenshots of the catalog screens in en and ja, phone and desktop; no serious axe finding', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const found = await shootScreens(
      editor,
      {
        chapter: `/console/chapters/${chapters.archive}`,
        chapters: `/console/titles/${titleId}/chapters`,
        series: `/console/series/${series.id}`,
      },
      SHOTS,
    );
    expect(found).toEqual([]);
  }, 180_000);

  it('at its time the release is on the reader home and its subscriber is notified once', async () => {
    await expect
      .poll(
        async () => {
          await reader.goto('/updates');
          await reader.waitForLoadState('networkidle');
          return reader.getByText(RELEASE_SUBTITLE, { exact: false }).count();
        },
        { timeout: 180_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);
    expect(Date.now()).toBeGreaterThanOrEqual(releaseAtMs);
    await push.waitFor(1);
    const msg = decrypt(sub, push.received[0].body) as { url: string; chapterId: number; titleId: number; body: string };
    expect(msg).toMatchObject({ url: `/viewer/${chapters.thirty}`, chapterId: chapters.thirty, titleId });
    expect(msg.body).toContain('Console thirty');
    expect(push.received).toHaveLength(1);
  }, 240_000);
});
