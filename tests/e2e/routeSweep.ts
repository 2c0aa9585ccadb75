import fs from 'node:fs';
import path from 'node:path';
import axeCore from 'axe-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/**
 * The sweep of the whole route table (000 §2, 001 §2) in Chromium against
 * the real server and its demo catalog, at phone (390×844) and desktop
 * (1440×900) sizes, split by capability: shellScreens.test.ts (every screen
 * inside the shell), routesOutsideShell.test.ts (redirects, routes outside
 * the shell, unknown paths), languages.test.ts (service and content
 * languages), listsAndSearch.test.ts (the manga list's Filter and Sort,
 * search). This module holds what they share: the catalog facts read from
 * the API, the interface strings, and the checks every screen must pass. A
 * screenshot of every route goes to .tmp/screenshots/routes/. (The global
 * error states are in reader.test.ts.)
 */

export const SHOTS = '.tmp/screenshots/routes';
const ROOT = path.resolve(import.meta.dirname, '../..');
export const INSTALL_US = 'https://app.example.org/install?region=us';
export const INSTALL_FR = 'https://app.example.org/install?region=fr';
export const CAMPAIGN_US = ['/androidtopus', '/iostopus', '/webtopus', '/topus', '/popus'];
export const CAMPAIGN_FR = ['/androidtopfr', '/iostopfr', '/webtopfr', '/topfr', '/popfr'];
/** Interface string areas: a text like "lists.sort_az" on screen is an untranslated key. */
const RAW_KEY =
  /\b(?:comments|common|errors|favorited|featured|home|lists|machines|news|ranking|search|settings|shell|static|survey|title|viewer)\.[a-z][A-Za-z_]*\b/;

/** The interface strings of a locale, as the app keys them ("area.key"). */
function messages(locale: string): Record<string, string> {
  const dir = path.join(ROOT, 'src/i18n/locales', locale);
  const out: Record<string, string> = {};
  for (const f of fs.readdirSync(dir)) {
    for (const [k, v] of Object.entries(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, string>))
      out[`${f.slice(0, -5)}.${k}`] = v;
  }
  return out;
}
export const en = messages('en');
export const es = messages('es');
export const fr = messages('fr');

// ---- the catalog, read from the API as JSON (what the screens are given) ----

/** protobuf JSON leaves out default enum values: no language is ENGLISH. */
const SHORT: Record<string, string> = {
  ENGLISH: 'en',
  SPANISH: 'es',
  FRENCH: 'fr',
  INDONESIAN: 'id',
  PORTUGUESE_BR: 'pt',
  RUSSIAN: 'ru',
  THAI: 'th',
  GERMAN: 'de',
  VIETNAMESE: 'vi',
};
interface JTitle {
  titleId: number;
  name: string;
  author: string;
  language?: string;
}
interface JGroup {
  theTitle: string;
  titles: JTitle[];
  tags?: { slug: string; tag: string }[];
  label?: { label?: string };
  nextChapterStartTimestamp?: string;
}
export const shortOf = (t: JTitle) => SHORT[t.language ?? 'ENGLISH'];
/** The name a list shows for a group: its title in the first chosen content language that has one. */
export function shownName(g: JGroup, langs: string[]): string | undefined {
  for (const l of langs) {
    const hit = g.titles.find((t) => shortOf(t) === l);
    if (hit) return hit.name;
  }
  return undefined;
}
/** A to Z as the documents put it: letters first, then digits, then anything else. */
export function azCompare(a: string, b: string): number {
  const k = (s: string) => (/\p{L}/u.test(s.trim().charAt(0)) ? 0 : /\p{N}/u.test(s.trim().charAt(0)) ? 1 : 2);
  return k(a) - k(b) || a.localeCompare(b, 'en', { sensitivity: 'base' });
}

async function api<T>(base: string, p: string, q: Record<string, string | number> = {}): Promise<T> {
  const u = new URL(`/api${p}`, base);
  for (const [k, v] of Object.entries(q)) u.searchParams.set(k, String(v));
  u.searchParams.set('format', 'json');
  const r = await fetch(u);
  if (!r.ok) throw new Error(`${u}: ${r.status}`);
  return ((await r.json()) as { success: T }).success;
}

interface Facts {
  ongoing: JGroup[];
  /** Every series (what search looks through). */
  all: JGroup[];
  titleId: number;
  titleName: string;
  chapterId: number;
  chapterName: string;
  publisherId: number;
  publisherName: string;
  spanishAnnouncement: string;
}

async function readFacts(base: string): Promise<Facts> {
  const list = await api<{ searchView: { allTitlesGroup: JGroup[] } }>(base, '/title_list/all_v3', {
    type: 'serializing',
    lang: 'eng',
    clang: 'en,es,fr',
  });
  const ongoing = list.searchView.allTitlesGroup;
  const first = ongoing.find((g) => g.titles.some((t) => shortOf(t) === 'en'))!.titles.find((t) => shortOf(t) === 'en')!;
  const detail = await api<{
    titleDetailView: {
      chapterListGroup: { firstChapterList?: { chapterId: number; name: string }[] }[];
      publisherItems: { publisherNews?: { publisherId: number; publisherName: string } }[];
    };
  }>(base, '/title_detailV3', { title_id: first.titleId, clang: 'en' });
  const chapter = detail.titleDetailView.chapterListGroup.flatMap((g) => g.firstChapterList ?? [])[0];
  const news = detail.titleDetailView.publisherItems.find((p) => p.publisherNews)!.publisherNews!;
  const ann = await api<{ serviceAnnouncementsView: { serviceAnnouncements: { title: string }[] } }>(base, '/web/announcement', {
    lang: 'esp',
  });
  const all = (await api<{ allTitlesViewV2: { AllTitlesGroup: JGroup[] } }>(base, '/title_list/allV2')).allTitlesViewV2.AllTitlesGroup;
  return {
    ongoing,
    all,
    titleId: first.titleId,
    titleName: first.name,
    chapterId: chapter.chapterId,
    chapterName: chapter.name,
    publisherId: news.publisherId,
    publisherName: news.publisherName,
    spanishAnnouncement: ann.serviceAnnouncementsView.serviceAnnouncements[0].title,
  };
}

// ---- helpers on the page ----

export type Kind = 'phone' | 'desktop';

export interface Seen {
  errors: string[];
}

/** A context whose campaign install links are answered here (no internet), and the page's errors collected. */
export async function open(browser: Browser, kind: Kind, base: string, seen: Seen): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, kind, base);
  await ctx.route('https://app.example.org/**', (r) =>
    r.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>App install</title><h1>App install</h1>' }),
  );
  const page = await ctx.newPage();
  page.on('pageerror', (e) => seen.errors.push(`${page.url()}: ${e.message}`));
  return { ctx, page };
}

export const shellHeader = (page: Page) => page.locator('header.header');

/**
 * What every routed screen must pass: no raw interface keys on screen, no
 * horizontal scrolling (a phone shrinks a too-wide page to fit: innerWidth
 * then grows past the device width). Then two screenshots: the top of the
 * page as it opens and its end (Chromium's full-page capture repeats
 * content under mobile emulation, so none is taken).
 */
export async function settle(page: Page, kind: Kind, slug: string, opts: { keys?: boolean; axe?: boolean } = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (opts.keys !== false) {
    const text = await page.evaluate(() => document.body.innerText);
    expect(text.match(RAW_KEY)?.[0], `${slug}: raw interface key on screen`).toBeUndefined();
  }
  const width = page.viewportSize()!.width;
  const wide = (await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth))) - width;
  expect(wide, `${kind} ${slug}: px of horizontal scrolling`).toBe(0);
  await page.screenshot({ path: `${SHOTS}/${kind}-${slug}.png` });
  if (opts.axe) {
    const found = report(slug, serious(await axe(page)));
    expect(found, `${kind}: ${found.join('\n')}`).toEqual([]);
  }
  if (await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 10)) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/${kind}-${slug}-end.png` });
    await page.evaluate(() => window.scrollTo(0, 0));
  }
}

export async function cardNames(grid: Locator): Promise<string[]> {
  return grid.locator('.title-card__name').allTextContents();
}

/** Polls until the grid's names differ from `before` (a list re-rendered after a choice). */
export async function namesChange(page: Page, grid: Locator, before: string[]): Promise<string[]> {
  for (;;) {
    const now = await cardNames(grid);
    if ((now.length > 0 || (await page.getByTestId('not-found-result').count()) > 0) && JSON.stringify(now) !== JSON.stringify(before))
      return now;
    await page.waitForTimeout(50);
  }
}

/** What one file's sweep at one size works with: its browser and the catalog facts (set before its tests run). */
export interface Sweep {
  readonly base: string;
  readonly kind: Kind;
  readonly seen: Seen;
  browser: Browser;
  facts: Facts;
}

/** A sweep's tests at phone and desktop sizes, each size with its own browser, started before its tests and closed after. */
export function describeSweep(title: string, tests: (sweep: Sweep) => void): void {
  for (const kind of ['phone', 'desktop'] as const) {
    describe(`${title}, ${kind} (${kind === 'phone' ? '390×844' : '1440×900'})`, () => {
      const sweep = { base: e2eBase(), kind, seen: { errors: [] } } as unknown as Sweep;
      beforeAll(async () => {
        fs.mkdirSync(SHOTS, { recursive: true });
        sweep.browser = await launchBrowser();
        sweep.facts = await readFacts(sweep.base);
      });
      afterAll(async () => {
        await sweep.browser?.close();
      });
      tests(sweep);
    });
  }
}

// ---- accessibility: axe-core, run on a swept screen as it settled ----

/**
 * axe-core (the engine of Deque's tools and Lighthouse) in Chromium on the
 * page as it stands, WCAG 2.0-2.2 A and AA rules: what `settle(…, { axe: true })`
 * runs on the swept screens, and a11y.test.ts on the routes no sweep visits.
 * Judged: no serious or critical violation.
 */
export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

export async function axe(page: Page): Promise<Violation[]> {
  // Let entrance transitions end: axe reads colours as drawn.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 400)));
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') stays as served.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> };
    };
    const r = await w.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4) }));
  });
}

export const serious = (vs: Violation[]) => vs.filter((v) => v.impact === 'serious' || v.impact === 'critical');
export const report = (slug: string, vs: Violation[]) =>
  vs.map((v) => `${slug}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
