import { expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { newContext } from './harness';

/**
 * What consoleHomeReader.test.ts shares between its steps: a reader in a
 * service language of its own (another browser context, as a visitor on
 * another device would be), the moments the console's period fields take,
 * the home carousel's banners, and reads of the console's JSON API with a
 * member's session.
 */

/** Service languages as the reader stores them, with their content language. */
export const FR = { service: 'fra', short: 'fr' };
export const EN = { service: 'eng', short: 'en' };
export const ES = { service: 'esp', short: 'es' };
/** The console's catalog titles, as far as the tests read them. */
export type Titles = { titles: { id: number; seriesId: number; name: string }[] };

/** A reader whose stored service and content language is `short` (the app's own storage keys and the first view's cookies). */
export async function readerContext(
  browser: Browser,
  base: string,
  lang: { service: string; short: string },
  errors: string[],
  kind: 'phone' | 'desktop' = 'desktop',
  closePopups = false,
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, kind, base);
  await ctx.addInitScript(
    ([service, content]) => {
      // Only on a first start: a test that reloads keeps what the app stored since.
      if (localStorage.getItem('service_lang')) return;
      localStorage.setItem('service_lang', service);
      localStorage.setItem('content_langs_v2', content);
    },
    [lang.service, JSON.stringify([lang.short])],
  );
  const host = new URL(base).hostname;
  await ctx.addCookies([
    { name: 'mr_lang', value: lang.service, domain: host, path: '/' },
    { name: 'mr_clang', value: encodeURIComponent(JSON.stringify([lang.short])), domain: host, path: '/' },
  ]);
  const page = await ctx.newPage();
  // No autoplay: the carousel stays where the test puts it.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The home's own popup (once per visitor, whenever the home's data arrives) covers the carousel: closed as a reader would.
  if (closePopups) await page.addLocatorHandler(page.getByTestId('popup-backdrop'), (popup) => popup.locator('.popup__close').click());
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: console: ${m.text()}`);
  });
  return { ctx, page };
}

/** A time `aheadMs` from now as the console's period field takes it (the browser's zone, whole minutes), and that minute in ms. */
export async function localMinute(page: Page, aheadMs: number): Promise<{ value: string; at: number }> {
  return page.evaluate((ahead) => {
    const d = new Date(Math.floor((Date.now() + ahead) / 60_000) * 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return {
      value: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`,
      at: d.getTime(),
    };
  }, aheadMs);
}

/** The home carousel's banners in their order: each dot turned to, the first slide's id read (the carousel stays still under reduced motion). */
export async function carouselIds(page: Page): Promise<number[]> {
  await page.locator('[data-screen="home"] h1').waitFor();
  const carousel = page.locator('section.carousel');
  if ((await carousel.count()) === 0) return [];
  const dots = carousel.locator('.carousel__dot');
  const n = await dots.count();
  if (n === 0) return [Number(await carousel.locator('.carousel__slide').first().getAttribute('data-banner-id'))];
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    // A press can land on the home's popup as it appears over the page (the handler then closes the popup): the dot
    // is pressed again when the carousel did not follow (bounded: 4 presses, 10 s each).
    for (let press = 1; ; press++) {
      await dots.nth(i).click();
      const shown = await page
        .locator(`section.carousel[data-index="${i}"]`)
        .waitFor({ timeout: 10_000 })
        .then(() => true)
        .catch((e: unknown) => {
          if (press >= 4) throw e;
          return false;
        });
      if (shown) break;
    }
    ids.push(Number(await carousel.locator('.carousel__slide--1').getAttribute('data-banner-id')));
  }
  return ids;
}

/** A GET of the console's JSON API with the session of `page`'s context. */
export async function consoleGet<T>(page: Page, path: string): Promise<T> {
  const r = await page.context().request.get(`/console/api${path}`);
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200);
  return (await r.json()) as T;
}

/** Sets a period's start in an editor form (the browser's own zone, which the fields start in). */
export async function fillStart(form: Locator, value: string): Promise<void> {
  await form.getByLabel('Starts').fill(value);
}

/** After an editor form's Save: its heading once saved (returned), or the refusal the form shows, thrown with the form's text. */
export async function savedAs(form: Locator, heading: RegExp | string): Promise<string> {
  const h = form.getByRole('heading', { name: heading });
  const refused = form.locator('.c-alert:not(:empty), .c-errors');
  await h.or(refused).first().waitFor();
  if (!(await h.isVisible())) throw new Error(`refused:\n${await form.innerText()}`);
  return (await h.textContent())!;
}

/** The survey builder: a Spanish questionnaire (the English one the editor starts with removed) of a single choice with "other" and a multiple choice of at most 2 of 3. */
export async function fillSpanishSurvey(form: Locator, key: string, start: string): Promise<void> {
  await form.getByLabel('Key', { exact: true }).fill(key);
  await fillStart(form, start);
  // A select inside its label: its name ends with the chosen option.
  const language = form.getByRole('combobox', { name: /^Language/ });
  await language.selectOption('es');
  await form.getByRole('button', { name: 'Add Español' }).click();
  await form.getByLabel('Subject', { exact: true }).fill('Encuesta de lectores');
  const q1 = form.getByRole('group', { name: 'Question 1', exact: true });
  await q1.getByLabel('Question', { exact: true }).fill('¿Qué género prefieres?');
  await q1.getByRole('textbox', { name: 'Choice 1' }).fill('Acción');
  await q1.getByRole('textbox', { name: 'Choice 2' }).fill('Romance');
  await q1.getByLabel('Offer a free-form “other” answer').check();
  await q1.getByLabel('Label of “other”').fill('Otro género');
  await form.getByRole('button', { name: 'Add a question' }).click();
  const q2 = form.getByRole('group', { name: 'Question 2', exact: true });
  await q2.getByLabel('Question', { exact: true }).fill('¿Dónde lees manga?');
  await q2.getByLabel('Several choices').check();
  await q2.getByRole('textbox', { name: 'Choice 1' }).fill('Móvil');
  await q2.getByRole('textbox', { name: 'Choice 2' }).fill('Tableta');
  await q2.getByRole('button', { name: 'Add a choice' }).click();
  await q2.getByRole('textbox', { name: 'Choice 3' }).fill('Ordenador');
  await q2.getByLabel('At most this many').fill('2');
  // Spanish only: the English questionnaire the editor starts with is removed.
  await language.selectOption('en');
  await form.getByRole('button', { name: 'Remove this language' }).click();
  await language.selectOption('es');
}

/** A chapter's comments as the reader's comment screen lists them, each as "name|body". */
export async function readerComments(page: Page, chapterId: string): Promise<string[]> {
  await page.goto(`/comments/${chapterId}`);
  await page.locator('[data-screen="comments"] h1').waitFor();
  await page.waitForLoadState('networkidle');
  return page
    .locator('li.comment')
    .evaluateAll((els) =>
      els.map((e) => `${e.querySelector('.comment__name')?.textContent}|${e.querySelector('.comment__body')?.textContent}`),
    );
}

/** The comment count the title page's chapter list shows for a chapter. */
export async function chapterCommentCount(page: Page, titleHref: string, chapterId: string): Promise<string | null> {
  await page.goto(titleHref);
  return page.locator(`a.chapter__comments[href="/comments/${chapterId}"]`).textContent();
}

/** The console screens these steps end on (a survey's results, the comments), in en and ja at phone and desktop sizes. */
export async function consoleShots(page: Page, dir: string, surveyKey: string): Promise<void> {
  const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('console.lang', l), lang);
    for (const [kind, size] of Object.entries(sizes)) {
      await page.setViewportSize(size);
      await page.goto('/console/surveys');
      await page.locator(`#console-main tr:has(th:text-is("${surveyKey}")) button`).last().click();
      await page.locator('#survey-results').waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${dir}/console-${lang}-${kind}-survey-results.png`, fullPage: true });
      await page.goto('/console/comments');
      await page.locator('#console-main article').first().waitFor();
      await page.screenshot({ path: `${dir}/console-${lang}-${kind}-comments.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('console.lang', 'en'));
}

/**
 * Deletes a banner or popup a test made, with the session of `page`'s context (an editor's), at the version the
 * server holds; an id of 0 (never made) is passed over.
 */
export async function consoleDelete(page: Page, kind: '/banners' | '/popups', id: number): Promise<void> {
  if (!id) return;
  const version =
    kind === '/banners'
      ? (await consoleGet<{ version: number }>(page, `/banners/${id}`)).version
      : (await consoleGet<{ popups: { id: number; version: number }[] }>(page, '/popups')).popups.find((p) => p.id === id)?.version;
  const r = await page.context().request.delete(`/console/api${kind}/${id}?version=${version}`, {
    headers: { 'X-Console-Request': '1', Origin: new URL(page.url()).origin },
  });
  expect(r.status(), `DELETE ${kind}/${id}: ${await r.text()}`).toBe(204);
}
