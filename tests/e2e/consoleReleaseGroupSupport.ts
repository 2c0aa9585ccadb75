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

/** A series of this file's own with English, Spanish and Thai titles (the demo catalog is left as it is). */
export async function threeLanguageSeries(page: Page, slug: string): Promise<Series> {
  const s = await editorApi<Series>(page, 'POST', '/series', {
    slug,
    label: 0,
    status: 'ongoing',
    releaseSchedule: 0,
    updateTiming: 0,
    rating: 0,
    simulrelease: true,
    rightToLeft: false,
    viewerMode: 'any',
    tags: [],
  });
  const names = { en: 'Lanterns Over the Bay', es: 'Faroles sobre la bahía', th: 'โคมไฟเหนืออ่าว' };
  for (const [language, name] of Object.entries(names))
    await editorApi(page, 'POST', `/series/${s.id}/titles`, {
      language,
      name,
      author: 'Mika Sato',
      overview: '',
      viewingPeriod: '',
      nonAppearance: '',
      isNew: true,
    });
  return editorApi<Series>(page, 'GET', `/series/${s.id}`);
}

/**
 * The calendar (day and week) and the release group's editor in the console's languages (English, Japanese) at
 * phone and desktop width, into `dir`; answers axe's serious and critical findings on each (English, both widths).
 */
export async function shootReleaseScreens(page: Page, screens: Record<string, () => Promise<void>>, dir: string): Promise<string[]> {
  const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
  const found: string[] = [];
  for (const lang of ['en', 'ja'] as const) {
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
