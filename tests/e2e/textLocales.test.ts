import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './harness';
import { e2eBase } from './base';

/**
 * Copy, numbers and dates as readers of each language see them (issue 15,
 * items 5, 10, 14, 16, 20), in Chromium against the shared demo server. The
 * browser's own locale is set apart from the service language: numbers follow
 * the interface, comment dates the browser (000 §2 Comments). Screenshots go
 * to .tmp/screenshots/issue15/text/.
 */
const SHOTS = '.tmp/screenshots/issue15/text';
const ROOT = path.resolve(import.meta.dirname, '../..');

function messages(locale: string): Record<string, string> {
  const dir = path.join(ROOT, 'src/i18n/locales', locale);
  const out: Record<string, string> = {};
  for (const f of fs.readdirSync(dir))
    for (const [k, v] of Object.entries(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, string>))
      out[`${f.slice(0, -5)}.${k}`] = v;
  return out;
}

async function api<T>(base: string, p: string, q: Record<string, string | number> = {}): Promise<T> {
  const u = new URL(`/api${p}`, base);
  for (const [k, v] of Object.entries(q)) u.searchParams.set(k, String(v));
  u.searchParams.set('format', 'json');
  return ((await (await fetch(u)).json()) as { success: T }).success;
}

interface Chapter {
  chapterId: number;
  commentCount?: number;
}

describe('text: copy, numbers and dates in the reader’s languages', () => {
  const base = e2eBase();
  let browser: Browser;
  let titleId = 0;
  let chapterId = 0;
  const errors: string[] = [];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    // A title with more than 1,000 views and one of its chapters with comments.
    const all = await api<{ allTitlesViewV2: { AllTitlesGroup: { titles: { titleId: number; viewCount?: number }[] }[] } }>(
      base,
      '/title_list/allV2',
    );
    titleId = all.allTitlesViewV2.AllTitlesGroup.flatMap((g) => g.titles).find((t) => (t.viewCount ?? 0) > 100_000)!.titleId;
    const detail = await api<{ titleDetailView: { chapterListGroup: { firstChapterList?: Chapter[]; lastChapterList?: Chapter[] }[] } }>(
      base,
      '/title_detailV3',
      { title_id: titleId, clang: 'en' },
    );
    chapterId = detail.titleDetailView.chapterListGroup
      .flatMap((g) => [...(g.firstChapterList ?? []), ...(g.lastChapterList ?? [])])
      .find((c) => (c.commentCount ?? 0) > 0)!.chapterId;
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A context whose browser speaks `browserLocale` while the service language stored for the site is `service`. */
  async function open(service: string, short: string, browserLocale: string, phone = false): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await browser.newContext({
      ...(phone ? PHONE : { viewport: { width: 1440, height: 900 } }),
      baseURL: base,
      locale: browserLocale,
      timezoneId: 'UTC',
    });
    const host = new URL(base).hostname;
    await ctx.addCookies([
      { name: 'mr_lang', value: service, domain: host, path: '/' },
      { name: 'mr_clang', value: JSON.stringify([short]), domain: host, path: '/' },
    ]);
    await ctx.addInitScript(
      ([s, c]) => {
        localStorage.setItem('service_lang', s);
        localStorage.setItem('content_langs_v2', c);
      },
      [service, JSON.stringify([short])],
    );
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    return { ctx, page };
  }

  it('item 10: French views grouped the French way, comment dates in the browser’s (German) locale', async () => {
    const fr = messages('fr');
    const { ctx, page } = await open('fra', 'fr', 'de-DE');
    await page.goto(`/titles/${titleId}`);
    const views = page.locator('.title-hero__views');
    await views.waitFor();
    // "485 046 vues": French groups with a narrow no-break space, not "485,046" (English) or "485.046" (the browser's German).
    const suffix = fr['title.views'].replace('{n}', '');
    expect(await views.textContent()).toMatch(new RegExp(`^\\d{1,3}(?:\\u202f\\d{3})+${suffix}$`));
    await page.screenshot({ path: `${SHOTS}/desktop-title-fr-views.png` });

    await page.goto(`/comments/${chapterId}`);
    const date = page.locator('.comment__date').first();
    await date.waitFor();
    const created = await date.getAttribute('datetime');
    // German short date (dd.MM.yy) of the comment's time, not the French dd/MM/yyyy of the service language.
    const german = new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(created!));
    // (Hydrated in the interface locale, then the browser's: waited for without a time limit.)
    await page.waitForFunction((want) => document.querySelector('.comment__date')?.textContent === want, german, { timeout: 0 });
    expect(await date.textContent()).toMatch(/^\d{2}\.\d{2}\.\d{2}$/);
    // The interface stays French.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.screenshot({ path: `${SHOTS}/desktop-comments-fr-de-dates.png` });
    await ctx.close();
  });

  it('item 5: the empty bookshelf speaks to the reader, without the NO_FAVORITE key', async () => {
    const fr = messages('fr');
    const { ctx, page } = await open('fra', 'fr', 'fr-FR');
    await page.goto('/favorited');
    const empty = page.getByTestId('empty-bookshelf');
    await empty.waitFor();
    const text = (await empty.textContent())!;
    expect(text).toContain(fr['favorited.empty']);
    expect(text).not.toMatch(/[A-Z]+_[A-Z_]+/);
    await page.screenshot({ path: `${SHOTS}/desktop-favorited-empty-fr.png` });
    await ctx.close();
  });

  it('item 16: the featured list names in Spanish and Russian; /search_result with no keyword invites a search', async () => {
    for (const [service, short, fantasy] of [
      ['esp', 'es', 'Fantasía'],
      ['rus', 'ru', 'Фэнтези'],
    ] as const) {
      const m = messages(short);
      expect(m['featured.list_fantasy']).toBe(fantasy);
      const { ctx, page } = await open(service, short, 'en-US');
      await page.goto('/featured');
      const headings = page.locator('[data-screen="featured"] .section-title');
      await headings.first().waitFor();
      const names = await headings.allTextContents();
      expect(names).toContain(fantasy);
      expect(names).toContain(m['featured.list_our_picks']);
      for (const english of ['Fantasy', 'Our Picks', 'Completed Classics', 'New Series', 'Sports Spirit'])
        expect(names).not.toContain(english);
      await page.screenshot({ path: `${SHOTS}/desktop-featured-${short}.png` });

      await page.goto('/search_result');
      await page.getByTestId('search-prompt').waitFor();
      expect(await page.getByTestId('search-prompt').textContent()).toBe(m['search.prompt']);
      expect(await page.getByTestId('no-results').count()).toBe(0);
      // The page's search field takes its box's width (the placeholder is not cut to a few letters).
      expect((await page.locator('.search-page__box input').boundingBox())!.width).toBeGreaterThan(300);
      await page.screenshot({ path: `${SHOTS}/desktop-search-empty-${short}.png` });
      // A keyword that matches nothing still says so.
      await page.goto(`/search_result?keyword=${encodeURIComponent('zzzz-nothing')}`);
      await page.getByTestId('no-results').waitFor();
      expect(await page.getByTestId('no-results').textContent()).toBe(m['search.none']);
      await ctx.close();
    }
  });

  it('item 14: #article-N on /terms_web_ja scrolls to the article, on the first load and on an in-page hash change', async () => {
    const { ctx, page } = await open('eng', 'en', 'en-US');
    const top = (id: string) => page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id);
    /** Waits (no time limit) until the article's top is at the top of the window. */
    const atTop = (id: string) =>
      page.waitForFunction((i) => Math.abs(document.getElementById(i)?.getBoundingClientRect().top ?? 1e9) < 2, id, { timeout: 0 });
    await page.goto('/terms_web_ja#article-12');
    await atTop('article-12');
    expect(Math.abs(await top('article-12'))).toBeLessThan(2);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.screenshot({ path: `${SHOTS}/desktop-terms-article-12.png` });
    // An in-page change of the hash (a link, the address bar), back up and down again.
    await page.evaluate(() => (window.location.hash = '#article-3'));
    await atTop('article-3');
    await page.evaluate(() => (window.location.hash = '#article-10'));
    await atTop('article-10');
    expect(await page.evaluate(() => window.location.pathname)).toBe('/terms_web_ja');
    await ctx.close();
  });

  it('item 20: the comments screen’s app-install banner keeps its text readable at 390 px', async () => {
    for (const [service, short] of [
      ['eng', 'en'],
      ['fra', 'fr'],
      ['tha', 'th'],
    ] as const) {
      const { ctx, page } = await open(service, short, 'en-US', true);
      await page.goto(`/comments/${chapterId}`);
      const banner = page.locator('.app-banner');
      await banner.waitFor();
      const box = (await banner.locator('.app-banner__text').boundingBox())!;
      const outer = (await banner.boundingBox())!;
      // Most of the banner's width (was a 110 px column beside the install button).
      expect(box.width).toBeGreaterThan(200);
      const install = (await banner.locator('.app-banner__install').boundingBox())!;
      const close = (await banner.locator('.app-banner__close').boundingBox())!;
      for (const b of [box, install, close]) expect(b.x + b.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
      // The install button under the text, not over it.
      expect(install.y).toBeGreaterThanOrEqual(box.y + box.height - 0.5);
      await banner.screenshot({ path: `${SHOTS}/phone-comments-app-banner-${short}.png` });
      await ctx.close();
    }
    expect(errors).toEqual([]);
  });
});
