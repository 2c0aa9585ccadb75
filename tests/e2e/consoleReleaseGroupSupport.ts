import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Series } from '../../core/console/schemas/catalog';
import { seriousAxe, settled } from './consoleSupport';

/** A console API call from the editor's page (its session; the console's CSRF header and origin, as the app sends them). */
export async function editorApi<T>(page: Page, method: string, apiPath: string, body?: unknown): Promise<T> {
  const origin = new URL(page.url()).origin;
  const r = await page.request.fetch(`${origin}/console/api${apiPath}`, {
    method,
    headers: { 'x-console-request': '1', origin, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { data: JSON.stringify(body) } : {}),
  });
  if (!r.ok()) throw new Error(`${method} ${apiPath}: ${r.status()} ${await r.text()}`);
  return (await r.json()) as T;
}

/** The three language titles of the day's series: English made in the new-title form, Spanish and Thai added to it. */
export const dayNames = (stamp: string) => ({
  en: `Lanterns Over the Bay ${stamp}`,
  es: `Faroles sobre la bahía ${stamp}`,
  th: `โคมไฟเหนืออ่าว ${stamp}`,
});

/**
 * A new series as a publisher's staff make it: the English title in the console's one new-title form (a draft),
 * then its Spanish and Thai titles (drafts too). Answers the series as the console reads it.
 */
export async function draftSeries(page: Page, names: Record<'en' | 'es' | 'th', string>): Promise<Series> {
  await page.goto('/console/series');
  await settled(page, 'Series and chapters');
  await page.getByRole('button', { name: 'New title' }).click();
  const f = page.getByRole('form', { name: 'New title' });
  await f.getByLabel('Title', { exact: true }).fill(names.en);
  await f.getByLabel('Author').fill('Mika Sato');
  await f.getByLabel('Language').selectOption('en');
  // Every series is some publisher's: the first of the demo's.
  await f.getByLabel('Publisher').selectOption({ index: 1 });
  await f.getByRole('button', { name: 'Create the title' }).click();
  await settled(page, names.en);
  const id = Number(/\/series\/(\d+)/.exec(page.url())?.[1]);
  for (const language of ['es', 'th'] as const)
    await editorApi(page, 'POST', `/series/${id}/titles`, {
      language,
      name: names[language],
      author: 'Mika Sato',
      overview: '',
      viewingPeriod: '',
      nonAppearance: '',
      isNew: true,
    });
  return editorApi<Series>(page, 'GET', `/series/${id}`);
}

/**
 * The calendar (day and week) and the release group's editor in the console's languages (English, Japanese, Thai) at
 * phone and desktop width, into `dir`; answers axe's serious and critical findings on each (English, both widths).
 */
export async function shootReleaseScreens(page: Page, screens: Record<string, () => Promise<void>>, dir: string): Promise<string[]> {
  const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
  const found: string[] = [];
  for (const lang of ['en', 'ja', 'th'] as const) {
    await page.evaluate((l) => localStorage.setItem('console.lang', l), lang);
    for (const [kind, size] of Object.entries(sizes)) {
      await page.setViewportSize(size);
      for (const [slug, open] of Object.entries(screens)) {
        await open();
        await settled(page);
        if (lang === 'en') found.push(...(await seriousAxe(page, `${slug} ${kind}`)));
        await page.screenshot({ path: path.join(dir, `${lang}-${kind}-${slug}.png`), fullPage: true });
      }
    }
  }
  await page.evaluate(() => localStorage.setItem('console.lang', 'en'));
  return found;
}
