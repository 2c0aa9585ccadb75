import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleShared } from './base';
import { launchBrowser, newContext } from './harness';
import { newMember, settled, type SharedConsole } from './consoleSupport';
import * as support from './consoleHomeReaderSupport';
import { chooseInPicker } from './consolePickerSupport';

/**
 * Issue 32's "done means", from the console to the reader app in Chromium, on
 * the console server the worker's files share (the demo catalog;
 * tests/e2e/globalSetup.ts): an owner, an editor and a moderator are invited
 * by its first owner; what they make in the console is then met by readers
 * in contexts of their own. The banner starts a minute ahead: it is scheduled
 * first and checked last, the other steps run while the minute passes. The
 * banner and the popup are deleted at the end: another file's reader on the
 * same title page or French home would meet them. Screenshots go to
 * .tmp/screenshots/console-home-reader/.
 */
const OWNER = { name: 'Olive Owner', password: 'violet-harbour-quietly-71' };
const EDITOR = { name: 'Eddie Editor', password: 'amber-lantern-slowly-42' };
const MOD = { name: 'Mona Moderator', password: 'copper-meadow-gently-93' };
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/console-home-reader');
const { FR, EN, ES } = support;

let server: SharedConsole;
let browser: Browser;
const contexts: BrowserContext[] = [];
let owner: Page;
let editor: Page;
let moderator: Page;
/** Errors and console errors of every reader page. */
const errors: string[] = [];
const banner = { id: 0, at: 0 };
/** The popup made here (deleted at the end). */
let popupId = 0;

async function staffPage(): Promise<Page> {
  const ctx = await newContext(browser, 'desktop', server.url);
  contexts.push(ctx);
  return ctx.newPage();
}

async function reader(lang: typeof EN, kind: 'phone' | 'desktop' = 'desktop'): Promise<Page> {
  const { ctx, page } = await support.readerContext(browser, server.url, lang, errors, kind, lang === FR);
  contexts.push(ctx);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = consoleShared();
  browser = await launchBrowser();
  owner = await staffPage();
  await newMember(server, owner, ['owner'], OWNER);
  editor = await staffPage();
  await newMember(server, editor, ['editor'], EDITOR);
  moderator = await staffPage();
  await newMember(server, moderator, ['moderator'], MOD);
}, 180_000);

afterAll(async () => {
  // What a reader of another file would meet on the shared server: the French home's banner, the title's popup.
  if (editor) {
    await support.consoleDelete(editor, '/banners', banner.id);
    await support.consoleDelete(editor, '/popups', popupId);
  }
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('from the console to the reader app', () => {
  it('an editor schedules a carousel banner for French readers a minute ahead; the French home does not show it yet', async () => {
    await editor.goto('/console/banners');
    await settled(editor, 'Banners');
    await editor.getByRole('button', { name: 'New banner' }).click();
    const form = editor.locator('form[aria-labelledby="banner-editor"]');
    await form.getByRole('checkbox', { name: 'Français' }).check();
    const start = await support.localMinute(editor, 120_000);
    banner.at = start.at;
    await support.fillStart(form, start.value);
    await form.getByLabel('Published within its period').check();
    await expect.poll(() => form.getByRole('status').textContent()).toMatch(/^Scheduled: starts in [12] min\.$/);
    await form.getByRole('button', { name: 'Save' }).click();
    banner.id = Number(/\d+/.exec(await support.savedAs(form, /^Edit banner \d+$/))![0]);

    const fr = await reader(FR);
    await fr.goto('/updates');
    expect(await fr.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await support.carouselIds(fr)).not.toContain(banner.id);
    // The check above was made before the banner's start, or it proves nothing.
    expect(Date.now()).toBeLessThan(banner.at);
  }, 120_000);

  it('a popup with "don\'t show again": ticked and closed, it does not come back; a new visitor sees it', async () => {
    const title = (await support.consoleGet<support.Titles>(editor, '/catalog/titles?language=en')).titles[0];
    await editor.goto('/console/popups');
    await settled(editor, 'Popups');
    await editor.getByRole('button', { name: 'New popup' }).click();
    const form = editor.locator('form[aria-labelledby="popup-editor"]');
    await form.getByLabel("A title's age notice").check();
    const series = form.getByRole('combobox', { name: 'Series of the rating notice' });
    await chooseInPicker(series, title.name, new RegExp(`series ${title.seriesId}\\b`));
    await form.getByRole('textbox', { name: 'Subject' }).fill('Mature themes ahead');
    await form.getByLabel('Text', { exact: true }).fill('This series shows violence.');
    await form.getByRole('checkbox', { name: 'English' }).check();
    await support.fillStart(form, (await support.localMinute(editor, 0)).value);
    await form.getByLabel('Published within its period').check();
    await form.getByRole('button', { name: 'Save' }).click();
    popupId = Number(/\d+/.exec(await support.savedAs(form, /^Edit popup \d+$/))![0]);
    const en = await reader(EN);
    const dialog = en.getByRole('dialog', { name: 'Mature themes ahead' });
    await en.goto(`/titles/${title.id}`);
    await dialog.waitFor();
    await shot(en, 'reader-title-popup');
    await dialog.getByRole('checkbox', { name: "Don't show again" }).check();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await en.reload();
    await en.getByRole('heading', { level: 1 }).first().waitFor();
    await en.waitForLoadState('networkidle');
    expect(await dialog.count()).toBe(0);

    const visitor = await reader(EN, 'phone');
    await visitor.goto(`/titles/${title.id}`);
    await visitor.getByRole('dialog', { name: 'Mature themes ahead' }).waitFor();
    await shot(visitor, 'reader-title-popup-phone');
    expect(errors).toEqual([]);
  }, 120_000);

  it("an announcement with a planted script renders in the reader's announcement screen without running it", async () => {
    const PLANT = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
    await editor.goto('/console/announcements');
    await settled(editor, 'Announcements');
    const write = async (source: boolean, body: string) => {
      await editor.getByRole('button', { name: 'New announcement' }).click();
      await editor.getByRole('textbox', { name: 'Title' }).fill('Planted script');
      if (source) {
        await editor.getByLabel('HTML source').check();
        await editor.getByRole('textbox', { name: 'Text' }).fill(body);
      } else {
        await editor.getByRole('textbox', { name: 'Text' }).click();
        await editor.keyboard.type(body);
      }
      await editor.getByLabel('Publish at').fill((await support.localMinute(editor, 0)).value);
      await editor.getByLabel('Published within its period').check();
      await editor.getByRole('button', { name: 'Save' }).click();
    };
    // As markup it is refused, naming both findings; as text it is stored escaped.
    await write(true, `<p>Hello</p>${PLANT}`);
    await expect.poll(() => editor.locator('.c-errors').textContent()).toMatch(/script.*onerror|onerror.*script/is);
    await editor.reload();
    await settled(editor, 'Announcements');
    await write(false, PLANT);
    await editor.frameLocator('iframe[title^="As stored"]').getByText(PLANT).waitFor();

    const en = await reader(EN);
    await en.goto('/announcement/en');
    const item = en.locator('section.accordion__item', { hasText: 'Planted script' });
    const panel = item.locator('.accordion__panel');
    await item.waitFor();
    if (await panel.isHidden()) await item.getByRole('button').click();
    await panel.waitFor();
    expect(await panel.textContent()).toContain(PLANT);
    expect(await panel.locator('script, img').count()).toBe(0);
    expect(await en.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await shot(en, 'reader-announcement');
    expect(errors).toEqual([]);
  }, 120_000);

  it("a survey is built and opened in the console, answered in the reader's survey screen in Spanish, and counted", async () => {
    await editor.goto('/console/surveys');
    await settled(editor, 'Surveys');
    await editor.getByRole('button', { name: 'New survey' }).click();
    const form = editor.locator('form[aria-labelledby="survey-editor"]');
    await support.fillSpanishSurvey(form, 'e2e-lectores', (await support.localMinute(editor, 0)).value);
    await form.getByRole('button', { name: 'Save' }).click();
    await support.savedAs(form, 'Edit survey e2e-lectores');
    await form.getByRole('button', { name: 'Open to readers' }).click();
    await form.getByText('Open: readers can answer within its period.').waitFor();

    const es = await reader(ES, 'phone');
    await es.goto('/webview/questionnaire/esp/e2e-lectores');
    await es.getByRole('heading', { name: 'Encuesta de lectores' }).waitFor();
    expect(await es.evaluate(() => document.documentElement.lang)).toBe('es');
    const send = es.getByRole('button', { name: 'Enviar' });
    expect(await send.isDisabled()).toBe(true);
    await es.getByRole('radio', { name: 'Otro género' }).check();
    await es.getByLabel('Tu respuesta a la pregunta 1').fill('Misterio');
    for (const c of ['Móvil', 'Tableta', 'Ordenador']) await es.getByRole('checkbox', { name: c }).check();
    await es.getByText('responda hasta 2 respuestas.').waitFor();
    await es.getByRole('checkbox', { name: 'Ordenador' }).uncheck();
    await shot(es, 'reader-survey-es-phone');
    await send.click();
    await es.getByRole('heading', { name: '¡Encuesta completada!' }).waitFor();

    await editor.reload();
    await settled(editor, 'Surveys');
    await editor.getByRole('button', { name: 'Results of e2e-lectores' }).click();
    await editor.getByText('Answers: 1', { exact: true }).waitFor();
    const count = (q: string, label: string) =>
      editor
        .getByRole('region', { name: q })
        .locator('li', { has: editor.getByText(label, { exact: true }) })
        .locator('.c-num')
        .textContent();
    expect(await count('¿Qué género prefieres?', 'Acción')).toBe('0');
    expect(await count('¿Qué género prefieres?', 'Other')).toBe('1');
    expect(await count('¿Dónde lees manga?', 'Móvil')).toBe('1');
    expect(await count('¿Dónde lees manga?', 'Tableta')).toBe('1');
    expect(await count('¿Dónde lees manga?', 'Ordenador')).toBe('0');
    await editor.getByText('“Other” answers (1)').click();
    await editor.getByText('Misterio', { exact: true }).waitFor();
    await shot(editor, 'console-survey-results');
    // The answers are the moderators' and analysts': an editor has no export link, a moderator's export holds the answer.
    expect(await editor.getByRole('link', { name: 'Download answers (CSV)' }).count()).toBe(0);
    await moderator.goto('/console/surveys');
    await settled(moderator, 'Surveys');
    await moderator.getByRole('button', { name: 'Results of e2e-lectores' }).click();
    const href = (await moderator.getByRole('link', { name: 'Download answers (CSV)' }).getAttribute('href'))!;
    const csv = await (await moderator.context().request.get(href)).text();
    expect(csv).toContain('Misterio');
    expect(csv).toContain('Móvil');
    expect(errors).toEqual([]);
  }, 150_000);

  it("a moderator hides a comment with a reason: the reader's comment list and count change; restoring brings it back", async () => {
    await moderator.goto('/console/comments');
    await settled(moderator, 'Comments');
    // The chapter with the most comments (the picker's first); its list replaces every chapter's.
    const picker = moderator.getByRole('combobox', { name: /^Chapter/ });
    const option = picker.locator('option').nth(1);
    await option.waitFor({ state: 'attached' });
    const chapterId = (await option.getAttribute('value'))!;
    const named = (await option.textContent())!.replace(/ \(\d+ shown, \d+ hidden\)$/, '');
    await Promise.all([
      moderator.waitForResponse((r) => r.url().includes(`/console/api/comments?chapter=${chapterId}`)),
      picker.selectOption(chapterId),
    ]);
    const rows = moderator.getByRole('list', { name: 'Comments' }).locator('article');
    const metas = () => rows.locator('.c-meta').allTextContents();
    await expect.poll(async () => (await metas()).length > 0 && (await metas()).every((m) => m.includes(` · ${named} · `))).toBe(true);
    const first = rows.first();
    const name = (await first.getAttribute('aria-label'))!.replace(/^Comment by /, '');
    const body = `${name}|${(await first.locator('.c-body').textContent())!}`;

    const en = await reader(EN);
    const shown = async () => {
      const list = await support.readerComments(en, chapterId);
      // How many comments read so (the demo catalog may give two readers the same name and words).
      return { count: list.length, same: list.filter((x) => x === body).length };
    };
    const before = await shown();
    expect(before.same).toBeGreaterThan(0);
    const titleHref = (await en.locator('.breadcrumbs a[href^="/titles/"]').getAttribute('href'))!;
    const titleCount = () => support.chapterCommentCount(en, titleHref, chapterId);
    expect(await titleCount()).toBe(String(before.count));

    await first.getByLabel(/^Reason for /).fill('Spoiler without warning');
    await first.getByRole('button', { name: 'Hide', exact: true }).click();
    await first.getByText('Hidden: Spoiler without warning').waitFor();
    await shot(moderator, 'console-comment-hidden');
    await expect.poll(shown).toEqual({ count: before.count - 1, same: before.same - 1 });
    expect(await titleCount()).toBe(String(before.count - 1));

    await first.getByLabel(/^Reason for /).fill('Spoiler tag added by the author');
    await first.getByRole('button', { name: 'Restore' }).click();
    await first.getByRole('button', { name: 'Hide', exact: true }).waitFor();
    await expect.poll(shown).toEqual(before);
    expect(await titleCount()).toBe(String(before.count));
    expect(errors).toEqual([]);
    await support.consoleShots(moderator, SHOTS, 'e2e-lectores');
  }, 180_000);

  it('the French home shows the banner once its time comes, and a tap on it is counted in the console', async () => {
    const fr = await reader(FR);
    await fr.goto('/updates');
    let ids: number[] = [];
    const began = Date.now();
    await expect
      .poll(
        async () => {
          await fr.reload();
          ids = await support.carouselIds(fr);
          return ids.includes(banner.id);
        },
        { timeout: 200_000, interval: 3000 },
      )
      .toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(banner.at);
    console.info(`banner first seen ${Date.now() - banner.at} ms after its start (polling from ${began - banner.at} ms)`);
    const dots = fr.locator('.carousel__dot');
    if ((await dots.count()) > 0) await dots.nth(ids.indexOf(banner.id)).click();
    const slide = fr.locator(`.carousel__slide--1[data-banner-id="${banner.id}"]`);
    await shot(fr, 'reader-home-fr-banner');
    const [logged] = await Promise.all([fr.waitForResponse((r) => r.url().includes('/api/banner_tap_log')), slide.click()]);
    expect(logged.status()).toBe(200);

    const day = new Date().toISOString().slice(0, 10);
    type Promos = { tables: { id: string; rows: { kind: string; id: number; place: string; taps: number }[] }[] };
    await expect
      .poll(async () => {
        const d = await support.consoleGet<Promos>(owner, `/stats/promos?from=${day}&to=${day}`);
        return d.tables.find((t) => t.id === 'items')!.rows.find((r) => r.kind === 'banner' && r.id === banner.id);
      })
      .toMatchObject({ place: 'home_top', taps: 1 });
    expect(errors).toEqual([]);
  }, 240_000);
});
