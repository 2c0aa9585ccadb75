import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { ARTICLES, TERMS_TITLE } from '../../src/screens/static/termsJa';

/**
 * A sweep of the whole route table (000 §2, 001 §2) in Chromium against the
 * real server and its demo catalog, at phone (390×844) and desktop
 * (1440×900) sizes: every route and redirect renders what a visitor should
 * see, inside or outside the shell; the service language, the content
 * languages, the manga list's Filter and Sort, and search change what is
 * listed. A screenshot of every route goes to .tmp/screenshots/routes/.
 * (The global error states are in reader.test.ts.)
 */

const SHOTS = '.tmp/screenshots/routes';
const ROOT = path.resolve(import.meta.dirname, '../..');
const INSTALL_US = 'https://app.example.org/install?region=us';
const INSTALL_FR = 'https://app.example.org/install?region=fr';
const CAMPAIGN_US = ['/androidtopus', '/iostopus', '/webtopus', '/topus', '/popus'];
const CAMPAIGN_FR = ['/androidtopfr', '/iostopfr', '/webtopfr', '/topfr', '/popfr'];
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
const en = messages('en');
const es = messages('es');
const fr = messages('fr');

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
const shortOf = (t: JTitle) => SHORT[t.language ?? 'ENGLISH']!;
/** The name a list shows for a group: its title in the first chosen content language that has one. */
function shownName(g: JGroup, langs: string[]): string | undefined {
  for (const l of langs) {
    const hit = g.titles.find((t) => shortOf(t) === l);
    if (hit) return hit.name;
  }
  return undefined;
}
/** A to Z as the documents put it: letters first, then digits, then anything else. */
function azCompare(a: string, b: string): number {
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
  const chapter = detail.titleDetailView.chapterListGroup.flatMap((g) => g.firstChapterList ?? [])[0]!;
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
    spanishAnnouncement: ann.serviceAnnouncementsView.serviceAnnouncements[0]!.title,
  };
}

// ---- helpers on the page ----

type Kind = 'phone' | 'desktop';

interface Seen {
  errors: string[];
}

/** A context whose campaign install links are answered here (no internet), and the page's errors collected. */
async function open(browser: Browser, kind: Kind, base: string, seen: Seen): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, kind, base);
  await ctx.route('https://app.example.org/**', (r) =>
    r.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>App install</title><h1>App install</h1>' }),
  );
  const page = await ctx.newPage();
  page.on('pageerror', (e) => seen.errors.push(`${page.url()}: ${e.message}`));
  return { ctx, page };
}

const shellHeader = (page: Page) => page.locator('header.header');

/**
 * What every routed screen must pass: no raw interface keys on screen, no
 * horizontal scrolling (a phone shrinks a too-wide page to fit: innerWidth
 * then grows past the device width). Then two screenshots: the top of the
 * page as it opens and its end (Chromium's full-page capture repeats
 * content under mobile emulation, so none is taken).
 */
async function settle(page: Page, kind: Kind, slug: string, opts: { keys?: boolean } = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (opts.keys !== false) {
    const text = await page.evaluate(() => document.body.innerText);
    expect(text.match(RAW_KEY)?.[0], `${slug}: raw interface key on screen`).toBeUndefined();
  }
  const width = page.viewportSize()!.width;
  const wide = (await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth))) - width;
  expect(wide, `${kind} ${slug}: px of horizontal scrolling`).toBe(0);
  await page.screenshot({ path: `${SHOTS}/${kind}-${slug}.png` });
  if (await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 10)) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/${kind}-${slug}-end.png` });
    await page.evaluate(() => window.scrollTo(0, 0));
  }
}

async function cardNames(grid: Locator): Promise<string[]> {
  return grid.locator('.title-card__name').allTextContents();
}

/** Polls until the grid's names differ from `before` (a list re-rendered after a choice). */
async function namesChange(page: Page, grid: Locator, before: string[]): Promise<string[]> {
  for (;;) {
    const now = await cardNames(grid);
    if ((now.length > 0 || (await page.getByTestId('not-found-result').count()) > 0) && JSON.stringify(now) !== JSON.stringify(before))
      return now;
    await page.waitForTimeout(50);
  }
}

for (const kind of ['phone', 'desktop'] as const) {
  describe(`every route, ${kind} (${kind === 'phone' ? '390×844' : '1440×900'})`, () => {
    const base = inject('baseUrl');
    let browser: Browser;
    let facts: Facts;
    const seen: Seen = { errors: [] };
    beforeAll(async () => {
      fs.mkdirSync(SHOTS, { recursive: true });
      browser = await launchBrowser();
      facts = await readFacts(base);
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('the screens inside the shell render their content', async () => {
      const { ctx, page } = await open(browser, kind, base, seen);
      const heading = async (slug: string, url: string, name: string | RegExp) => {
        await page.goto(`${base}${url}`);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        expect(await shellHeader(page).count(), `${slug} is inside the shell`).toBe(1);
      };

      // Home: carousel, the daily groups and the hottest side list (at most 25).
      await page.goto(`${base}/updates`);
      await page.locator('[data-screen="home"] .home-group .title-card').first().waitFor();
      await page.locator('section.carousel').waitFor();
      const hottest = await page.locator('.hottest__item').count();
      expect(hottest).toBeGreaterThan(0);
      expect(hottest).toBeLessThanOrEqual(25);
      expect(await page.getByRole('heading', { name: 'Fantasy', exact: true }).count(), 'the Fantasy list is left out of home').toBe(0);
      await settle(page, kind, 'updates');

      await heading('featured', '/featured', en['featured.heading']!);
      await page.locator('.featured-top .featured-banner').first().waitFor();
      await settle(page, kind, 'featured');

      // A fresh visitor has no favorites: the empty bookshelf.
      await heading('favorited', '/favorited', en['favorited.heading']!);
      await page.getByTestId('empty-bookshelf').waitFor();
      expect(await page.getByTestId('empty-bookshelf').getByRole('link').getAttribute('href')).toBe('/manga_list/ongoing');
      await settle(page, kind, 'favorited');

      // Ranking tabs: top 5 large on desktop, 6 on phones; the rest up to rank 40.
      for (const tab of ['hottest', 'trending', 'completed']) {
        await heading(`ranking-${tab}`, `/ranking/${tab}`, en['ranking.heading']!);
        await page.getByTestId('ranking-top').locator('.title-card').first().waitFor();
        expect(
          await page
            .getByRole('navigation', { name: en['ranking.tabs'] })
            .getByRole('link', { name: en[`ranking.${tab}`] })
            .getAttribute('aria-current'),
        ).toBe('page');
        const top = await page.getByTestId('ranking-top').locator('.title-card').count();
        const rest = await page.getByTestId('ranking-rest').locator('.title-card').count();
        expect(top).toBe(kind === 'phone' ? 6 : 5);
        expect(top + rest).toBeLessThanOrEqual(40);
        await settle(page, kind, `ranking-${tab}`);
      }

      // Manga list tabs: a grid whose count line matches the cards shown.
      for (const tab of ['ongoing', 'completed', 'one_shot']) {
        await heading(`manga_list-${tab}`, `/manga_list/${tab}`, en['lists.heading']!);
        const grid = page.getByTestId('title-grid');
        await grid.locator('.title-card').first().waitFor();
        const n = await grid.locator('.title-card').count();
        expect(await page.locator('.toolbar__count').textContent()).toBe(en['lists.count']!.replace('{n}', String(n)));
        expect(
          await page
            .getByRole('navigation', { name: en['lists.tabs'] })
            .getByRole('link', { name: en[`lists.tab_${tab}`] })
            .getAttribute('aria-current'),
        ).toBe('page');
        await settle(page, kind, `manga_list-${tab}`);
      }

      // Title detail: name, chapters; the language button is hidden there.
      await heading('titles', `/titles/${facts.titleId}`, facts.titleName);
      await page.locator('.chapter__main').first().waitFor();
      expect(await page.getByRole('button', { name: en['settings.open'] }).count(), 'no language button on title pages').toBe(0);
      await settle(page, kind, 'titles');

      // Comments of a chapter: sort tabs, breadcrumbs back to the title; no language button.
      await heading('comments', `/comments/${facts.chapterId}`, en['comments.heading']!.replace('{chapter}', facts.chapterName));
      await page.getByRole('tab', { name: 'Likes' }).waitFor();
      expect(
        await page.getByRole('navigation', { name: en['common.breadcrumbs'] }).locator(`a[href="/titles/${facts.titleId}"]`).count(),
      ).toBe(1);
      expect(await page.getByRole('button', { name: en['settings.open'] }).count(), 'no language button on comments').toBe(0);
      await settle(page, kind, 'comments');

      // Search results: the header search box is hidden there (the page has its own).
      await heading(
        'search_result',
        `/search_result?keyword=${encodeURIComponent(facts.titleName)}`,
        en['search.resultsFor']!.replace('{keyword}', facts.titleName),
      );
      await page.getByTestId('search-results').getByText(facts.titleName, { exact: true }).first().waitFor();
      expect(await page.locator('header.header form[role="search"]').count(), 'no header search box on the search page').toBe(0);
      await settle(page, kind, 'search_result');

      // Announcements, in the service language and in a language from the route.
      await heading('announcement', '/announcement', en['news.announcements']!);
      await page.locator('.accordion__item').first().waitFor();
      await settle(page, kind, 'announcement');
      await heading('announcement-es', '/announcement/es', en['news.announcements']!);
      await page.locator('.accordion__item').first().getByText(facts.spanishAnnouncement).waitFor();
      await settle(page, kind, 'announcement-es');

      await heading(
        'publisher_news',
        `/publisher_news/${facts.publisherId}`,
        en['news.publisherNews']!.replace('{name}', facts.publisherName),
      );
      await page.locator('.news-item').first().waitFor();
      await settle(page, kind, 'publisher_news');

      // Feedback: the moved notice and the portal link.
      await heading('feedback', '/feedback', en['static.feedbackTitle']!);
      await page.getByText(en['static.feedbackMoved']!).waitFor();
      expect(await page.getByRole('link', { name: en['static.feedbackPortal'] }).getAttribute('href')).toMatch(/^https:\/\//);
      await settle(page, kind, 'feedback');

      await heading('about_us', '/about_us', en['static.aboutTitle']!);
      await settle(page, kind, 'about_us');

      // Ratings: the three ratings.
      for (const lang of ['en', 'fr']) {
        await heading(`rating-${lang}`, `/rating/${lang}`, en['static.ratingTitle']!);
        for (const r of ['allAges', 'teen', 'teenPlus'])
          await page.getByRole('heading', { level: 2, name: en[`static.rating_${r}`], exact: true }).waitFor();
        await settle(page, kind, `rating-${lang}`);
      }

      // FAQ: a demo accordion, one item open at a time.
      await heading('faq', '/faq', en['static.faqTitle']!);
      const q1 = page.getByRole('button', { name: en['static.faq_freeQ'] });
      const q2 = page.getByRole('button', { name: en['static.faq_appQ'] });
      await q1.click();
      await page.getByText(en['static.faq_freeA']!).waitFor();
      await q2.click();
      await page.getByText(en['static.faq_appA']!).waitFor();
      expect(await q1.getAttribute('aria-expanded')).toBe('false');
      await settle(page, kind, 'faq');

      // The image-only screens, as routes of their own.
      for (const s of ['blocking', 'maintenance']) {
        await page.goto(`${base}/${s}`);
        await page.locator(`main[data-screen="${s}"] img[src*="${s}"]`).waitFor();
        expect(await page.locator(`main[data-screen="${s}"] img`).getAttribute('alt')).toBeTruthy();
        await settle(page, kind, s);
      }

      // The machine explorer (on in this server).
      await heading('machines', '/machines', en['machines.title']!);
      // (Its event names look like keys, "settings.open": not checked for raw keys.)
      await settle(page, kind, 'machines', { keys: false });

      await ctx.close();
      expect(seen.errors).toEqual([]);
    });

    it('redirects: empty path → /main → /updates, ranking, the old list addresses, rating', async () => {
      const { ctx, page } = await open(browser, kind, base, seen);
      const cases: [from: string, to: string, ready: () => Locator][] = [
        ['/', '/updates', () => page.locator('[data-screen="home"] .home-group .title-card').first()],
        ['/main', '/updates', () => page.locator('[data-screen="home"] .home-group .title-card').first()],
        ['/ranking', '/ranking/hottest', () => page.getByTestId('ranking-top').locator('.title-card').first()],
        ...['', '/all', '/browser_a', '/browser_z', '/updated'].map(
          (s) =>
            [`/manga_list${s}`, '/manga_list/ongoing', () => page.getByTestId('title-grid').locator('.title-card').first()] as [
              string,
              string,
              () => Locator,
            ],
        ),
        ['/rating', '/rating/en', () => page.getByRole('heading', { level: 1, name: en['static.ratingTitle'] })],
      ];
      for (const [from, to, ready] of cases) {
        await page.goto(`${base}${from}`);
        await page.waitForURL(`${base}${to}`);
        await ready().waitFor();
        if (to === '/manga_list/ongoing') {
          // The ongoing tab is the one marked current.
          expect(
            await page
              .getByRole('navigation', { name: en['lists.tabs'] })
              .getByRole('link', { name: en['lists.tab_ongoing'] })
              .getAttribute('aria-current'),
          ).toBe('page');
        }
      }
      // A redirect replaces its entry: back from /ranking/hottest skips /ranking.
      await page.goto(`${base}/about_us`);
      await page.getByRole('heading', { level: 1, name: en['static.aboutTitle'] }).waitFor();
      await page.goto(`${base}/ranking`);
      await page.waitForURL(`${base}/ranking/hottest`);
      await page.getByTestId('ranking-top').locator('.title-card').first().waitFor();
      await page.goBack();
      await page.waitForURL(`${base}/about_us`);
      await page.getByRole('heading', { level: 1, name: en['static.aboutTitle'] }).waitFor();
      // Header links: Ranking and Manga List go through the redirects.
      await page.goto(`${base}/about_us`);
      await page.getByRole('heading', { level: 1, name: en['static.aboutTitle'] }).waitFor();
      if (kind === 'phone') await page.getByRole('button', { name: en['shell.openMenu'] }).click();
      const nav = page.getByRole('navigation', { name: kind === 'phone' ? en['shell.sideMenu'] : en['shell.mainNav'] });
      await nav.getByRole('link', { name: en['shell.navRanking'], exact: true }).click();
      await page.waitForURL(`${base}/ranking/hottest`);
      await page.getByTestId('ranking-top').locator('.title-card').first().waitFor();
      if (kind === 'phone') await page.getByRole('button', { name: en['shell.openMenu'] }).click();
      await nav.getByRole('link', { name: en['shell.navMangaList'], exact: true }).click();
      await page.waitForURL(`${base}/manga_list/ongoing`);
      await page.getByTestId('title-grid').locator('.title-card').first().waitFor();
      await ctx.close();
      expect(seen.errors).toEqual([]);
    });

    it('outside the shell: viewer, webview pages, Japanese terms, campaign redirects', async () => {
      const { ctx, page } = await open(browser, kind, base, seen);

      // The viewer has its own header, not the shell's.
      await page.goto(`${base}/viewer/${facts.chapterId}`);
      await page.getByTestId('viewer-stage').waitFor();
      await page.getByTestId('viewer-title-link').waitFor({ state: 'attached' });
      expect(await page.getByTestId('viewer-title-link').getAttribute('href')).toBe(`/titles/${facts.titleId}`);
      expect(await shellHeader(page).count()).toBe(0);
      await settle(page, kind, 'viewer');

      // Webview pages take their language from the route and do not store it.
      await page.goto(`${base}/webview/announcement/esp`);
      await page.getByRole('heading', { level: 1, name: es['news.announcements'] }).waitFor();
      await page.locator('.accordion__item').first().getByText(facts.spanishAnnouncement).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await shellHeader(page).count()).toBe(0);
      await settle(page, kind, 'webview-announcement-esp');

      await page.goto(`${base}/webview/faq/fr`);
      await page.getByRole('button', { name: fr['static.faq_freeQ'] }).click();
      await page.getByText(fr['static.faq_freeA']!).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(await shellHeader(page).count()).toBe(0);
      await settle(page, kind, 'webview-faq-fr');

      await page.goto(`${base}/webview/questionnaire/eng/demo2026?os=web&app_ver=1&os_ver=1&secret=x`);
      await page.locator('main[data-screen="questionnaire"]').getByRole('group').first().waitFor();
      expect(await page.getByRole('button', { name: en['survey.submit'] ?? 'Submit' }).isDisabled()).toBe(true);
      expect(await shellHeader(page).count()).toBe(0);
      await settle(page, kind, 'webview-questionnaire');

      // The site's own language stayed English: a shell page is still in English.
      await page.goto(`${base}/about_us`);
      await page.getByRole('heading', { level: 1, name: en['static.aboutTitle'] }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

      // Terms of use: Japanese, 18 articles and the revision history, no shell.
      await page.goto(`${base}/terms_web_ja`);
      await page.getByRole('heading', { level: 1, name: TERMS_TITLE }).waitFor();
      expect(await page.locator('main[data-screen="terms"] section[id^="article-"]').count()).toBe(ARTICLES.length);
      expect(ARTICLES.length).toBe(18);
      expect(await page.locator('main[data-screen="terms"]').getAttribute('lang')).toBe('ja');
      await page.locator('#revisions li').first().waitFor();
      expect(await shellHeader(page).count()).toBe(0);
      await settle(page, kind, 'terms_web_ja');

      // Campaign pages: a redirecting notice with a manual link, then the install link of their region.
      for (const [paths, target] of [
        [CAMPAIGN_US, INSTALL_US],
        [CAMPAIGN_FR, INSTALL_FR],
      ] as const) {
        for (const p of paths) {
          await page.goto(`${base}${p}`);
          // The page is ours first (the notice and the manual link), before it leaves.
          await page.getByRole('status').filter({ hasText: en['static.campaignRedirecting'] }).waitFor();
          expect(await page.getByRole('link', { name: en['static.campaignManual'] }).getAttribute('href')).toBe(target);
          expect(await shellHeader(page).count()).toBe(0);
          if (p === paths[0]) await page.screenshot({ path: `${SHOTS}/${kind}-campaign-${p.slice(1)}.png` });
          await page.waitForURL(target);
          await page.getByRole('heading', { name: 'App install' }).waitFor();
        }
      }
      await ctx.close();
      expect(seen.errors).toEqual([]);
    });

    it('unknown paths show "Page Not Found" with noindex (in the shell unless the path says static)', async () => {
      const { ctx, page } = await open(browser, kind, base, seen);
      for (const [p, inShell, slug] of [
        ['/no/such/page', true, 'not-found'],
        ['/ranking/weekly', true, 'not-found-ranking-tab'],
        ['/manga_list/popular', true, 'not-found-list-tab'],
        ['/error', true, 'error'],
        ['/publisher_news/abc', true, 'not-found-publisher'],
        ['/old/static/page.html', false, 'not-found-static'],
      ] as const) {
        await page.goto(`${base}${p}`);
        await page.getByRole('heading', { level: 1, name: en['errors.notFoundTitle'] }).waitFor();
        expect(await page.locator('meta[name="robots"]').getAttribute('content'), p).toContain('noindex');
        expect(await page.title()).toContain(en['errors.notFoundTitle']);
        expect(await page.getByRole('link', { name: en['errors.backHome'] }).getAttribute('href')).toBe('/updates');
        expect(await shellHeader(page).count(), p).toBe(inShell ? 1 : 0);
        await settle(page, kind, slug);
      }
      // Leaving the not-found page drops the noindex.
      await page.getByRole('link', { name: en['errors.backHome'] }).click();
      await page.waitForURL(`${base}/updates`);
      await page.locator('[data-screen="home"] .home-group .title-card').first().waitFor();
      expect(await page.locator('meta[name="robots"][content*="noindex"]').count()).toBe(0);
      await ctx.close();
      expect(seen.errors).toEqual([]);
    });

    it('service language: the settings change the interface language and <html lang>, and the choice survives a reload', async () => {
      const { ctx, page } = await open(browser, kind, base, seen);
      await page.goto(`${base}/manga_list/ongoing`);
      await page.getByRole('heading', { level: 1, name: en['lists.heading'] }).waitFor();
      await page.getByTestId('title-grid').locator('.title-card').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

      await page.getByRole('button', { name: en['settings.open'] }).click();
      const dialog = page.getByRole('dialog', { name: en['settings.title'] });
      await dialog.waitFor();
      // The current language is checked and cannot be picked again; content languages show their title counts.
      expect(await dialog.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('radio', { name: 'English' }).isDisabled()).toBe(true);
      expect(await dialog.locator('.language-settings__count').first().textContent()).toMatch(/^\d+ titles$/);
      await page.screenshot({ path: `${SHOTS}/${kind}-language-settings.png` });

      // Picking Español stores it and reloads the page in Spanish.
      await dialog.getByRole('radio', { name: 'Español' }).click();
      await page.locator('html[lang="es"]').waitFor({ state: 'attached' });
      await page.getByRole('heading', { level: 1, name: es['lists.heading'] }).waitFor();
      expect(await page.getByRole('button', { name: es['settings.open'] }).locator('.language-button__code').textContent()).toBe('ES');
      // The content languages were reset to Spanish: the list shows the Spanish titles.
      const spanish = facts.ongoing.flatMap((g) => shownName(g, ['es']) ?? []);
      const grid = page.getByTestId('title-grid');
      await grid.locator('.title-card').first().waitFor();
      expect((await cardNames(grid)).sort()).toEqual([...spanish].sort());
      expect(await page.locator('.toolbar__count').textContent()).toBe(es['lists.count']!.replace('{n}', String(spanish.length)));
      await settle(page, kind, 'manga_list-ongoing-es');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: es['lists.heading'] }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      // Other screens follow: the home heading, the header navigation.
      await page.goto(`${base}/updates`);
      await page.locator('[data-screen="home"] .home-group .title-card').first().waitFor();
      expect(await page.locator('[data-screen="home"] h1').textContent()).toBe(es['home.heading']);
      expect(await page.locator(`a.nav-link[href="/featured"]`).first().textContent()).toBe(es['shell.navFeatured']);
      await settle(page, kind, 'updates-es');
      await ctx.close();
      expect(seen.errors).toEqual([]);
    });

    it('content languages: toggling them changes the listed titles', async () => {
      const { ctx, page } = await open(browser, kind, base, seen);
      await page.goto(`${base}/manga_list/ongoing`);
      const grid = page.getByTestId('title-grid');
      await grid.locator('.title-card').first().waitFor();
      // A first visit: English, Spanish and French (the server's defaults); names in the first of them.
      const first = facts.ongoing.flatMap((g) => shownName(g, ['en', 'es', 'fr']) ?? []);
      const before = await cardNames(grid);
      expect([...before].sort()).toEqual([...first].sort());

      await page.getByRole('button', { name: en['settings.open'] }).click();
      const dialog = page.getByRole('dialog', { name: en['settings.title'] });
      await dialog.getByRole('checkbox', { name: /^English/ }).uncheck();
      await dialog.getByRole('checkbox', { name: /^Deutsch/ }).check();
      // Closing after a change reloads the page with the new languages.
      await dialog.getByRole('button', { name: en['common.close'] }).click();
      const after = await namesChange(page, grid, before);
      const expected = facts.ongoing.flatMap((g) => shownName(g, ['es', 'fr', 'de']) ?? []);
      expect([...after].sort()).toEqual([...expected].sort());
      expect(after).not.toContain(facts.titleName);
      expect(await page.locator('.toolbar__count').textContent()).toBe(en['lists.count']!.replace('{n}', String(expected.length)));
      // The interface language did not change.
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await settle(page, kind, 'manga_list-ongoing-es-fr-de');

      // Survives a reload; the last checked language cannot be unchecked.
      await page.reload();
      await grid.locator('.title-card').first().waitFor();
      expect([...(await cardNames(grid))].sort()).toEqual([...expected].sort());
      await page.getByRole('button', { name: en['settings.open'] }).click();
      await dialog.getByRole('checkbox', { name: /^Français/ }).uncheck();
      await dialog.getByRole('checkbox', { name: /^Deutsch/ }).uncheck();
      expect(await dialog.getByRole('checkbox', { name: /^Español/ }).isDisabled()).toBe(true);
      await ctx.close();
      expect(seen.errors).toEqual([]);
    });

    it("the manga list's Filter (genre, label) and Sort (A to Z, Z to A, Most Recent) change the grid", async () => {
      const { ctx, page } = await open(browser, kind, base, seen);
      const langs = ['en', 'es', 'fr'];
      const groups = facts.ongoing.filter((g) => shownName(g, langs));
      const byName = new Map(groups.map((g) => [shownName(g, langs)!, g]));
      await page.goto(`${base}/manga_list/ongoing`);
      const grid = page.getByTestId('title-grid');
      await grid.locator('.title-card').first().waitFor();
      const count = () => page.locator('.toolbar__count').textContent();

      // Default: A to Z.
      const az = await cardNames(grid);
      expect(az.length).toBe(groups.length);
      expect(az).toEqual([...az].sort(azCompare));
      expect(await page.getByRole('button', { name: `${en['lists.sort']}: ${en['lists.sort_az']}` }).count()).toBe(1);

      const sortBy = async (label: string) => {
        await page.getByRole('button', { name: new RegExp(`^${en['lists.sort']}:`) }).click();
        const d = page.getByRole('dialog', { name: en['lists.sort'] });
        await d.waitFor();
        // The current sort is checked and disabled.
        expect(await d.getByRole('radio', { checked: true }).isDisabled()).toBe(true);
        await d.getByRole('radio', { name: label }).click();
        // Picking closes the modal.
        await d.waitFor({ state: 'detached' });
      };
      await sortBy(en['lists.sort_za']!);
      const za = await namesChange(page, grid, az);
      expect(za).toEqual([...az].reverse());
      await page.screenshot({ path: `${SHOTS}/${kind}-manga_list-za.png` });

      await sortBy(en['lists.sort_recent']!);
      const recent = await namesChange(page, grid, za);
      expect([...recent].sort()).toEqual([...az].sort());
      const next = recent.map((n) => Number(byName.get(n)!.nextChapterStartTimestamp ?? 0));
      expect(next, 'most recent: next chapter times never increase down the grid').toEqual([...next].sort((a, b) => b - a));
      expect(recent).not.toEqual(az);

      // The sort is kept across a reload (session storage).
      await page.reload();
      await grid.locator('.title-card').first().waitFor();
      expect(await cardNames(grid)).toEqual(recent);
      await sortBy(en['lists.sort_az']!);
      expect(await namesChange(page, grid, recent)).toEqual(az);

      // Filter by genre: only series of that genre; One-shot is not offered.
      const filter = async (pick: (d: Locator) => Promise<void>, expectShown: number) => {
        await page.getByRole('button', { name: new RegExp(`^${en['lists.filter']}`) }).click();
        const d = page.getByRole('dialog', { name: en['lists.filter'] });
        await d.waitFor();
        await pick(d);
        await d.getByRole('button', { name: en['lists.show']!.replace('{n}', String(expectShown)) }).click();
        await d.waitFor({ state: 'detached' });
      };
      const tagged = (slug: string) => groups.filter((g) => g.tags?.some((t) => t.slug === slug));
      const sports = tagged('sports')
        .map((g) => shownName(g, langs)!)
        .sort(azCompare);
      expect(sports.length).toBeGreaterThan(0);
      await page.getByRole('button', { name: new RegExp(`^${en['lists.filter']}`) }).click();
      const fd = page.getByRole('dialog', { name: en['lists.filter'] });
      await fd.getByRole('heading', { name: en['lists.byGenre'] }).waitFor();
      await fd.getByRole('heading', { name: en['lists.byLabel'] }).waitFor();
      expect(await fd.getByRole('checkbox', { name: 'One-shot' }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/${kind}-manga_list-filter.png` });
      await fd.getByRole('button', { name: en['common.close'] }).click();
      await filter((d) => d.getByRole('checkbox', { name: 'Sports', exact: true }).check(), sports.length);
      expect(await namesChange(page, grid, az)).toEqual(sports);
      expect(await count()).toBe(en['lists.count']!.replace('{n}', String(sports.length)));
      expect(await page.getByRole('button', { name: `${en['lists.filter']} (Sports)` }).count()).toBe(1);

      // Another genre replaces it; selecting it again turns it off.
      const comedy = tagged('comedy')
        .map((g) => shownName(g, langs)!)
        .sort(azCompare);
      await filter((d) => d.getByRole('checkbox', { name: 'Comedy', exact: true }).check(), comedy.length);
      expect(await namesChange(page, grid, sports)).toEqual(comedy);

      // And a label on top: comedy series of that label only.
      const label = groups.find((g) => g.tags?.some((t) => t.slug === 'comedy') && g.label?.label)!.label!.label!;
      const both = groups
        .filter((g) => g.tags?.some((t) => t.slug === 'comedy') && g.label?.label === label)
        .map((g) => shownName(g, langs)!)
        .sort(azCompare);
      await filter((d) => d.getByRole('checkbox', { name: label.replace('_', ' '), exact: true }).check(), both.length);
      expect(await namesChange(page, grid, comedy)).toEqual(both);
      await page.screenshot({ path: `${SHOTS}/${kind}-manga_list-filtered.png` });

      // A combination nothing matches: the NOT_FOUND_RESULT message.
      const none = groups.filter((g) => g.tags?.some((t) => t.slug === 'sports') && g.label?.label === label);
      expect(none.length).toBe(0);
      await filter((d) => d.getByRole('checkbox', { name: 'Sports', exact: true }).check(), 0);
      await page.getByTestId('not-found-result').waitFor();
      expect(await page.getByTestId('not-found-result').textContent()).toBe(en['lists.notFound']);
      await settle(page, kind, 'manga_list-no-result');

      // Clear: the whole list again.
      await filter((d) => d.getByRole('button', { name: en['lists.clear'] }).click(), groups.length);
      await grid.locator('.title-card').first().waitFor();
      expect(await cardNames(grid)).toEqual(az);
      await ctx.close();
      expect(seen.errors).toEqual([]);
    });

    it('search: a real title name (any case) finds it, an author finds their titles, nonsense shows the empty copy', async () => {
      const { ctx, page } = await open(browser, kind, base, seen);
      await page.goto(`${base}/featured`);
      await page.getByRole('heading', { level: 1, name: en['featured.heading'] }).waitFor();
      // The header search box.
      const box = page.locator('header.header').getByRole('searchbox', { name: en['common.searchLabel'] });
      await box.fill(facts.titleName.toUpperCase());
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search_result' && u.searchParams.get('keyword') === facts.titleName.toUpperCase());
      const results = page.getByTestId('search-results');
      await results.getByText(facts.titleName, { exact: true }).waitFor();
      // Exactly the series with an English, Spanish or French title whose name or author contains the keyword.
      const matching = (k: string) =>
        facts.all.filter((g) =>
          g.titles.some(
            (t) => ['en', 'es', 'fr'].includes(shortOf(t)) && (t.name.toLowerCase().includes(k) || t.author.toLowerCase().includes(k)),
          ),
        ).length;
      expect((await cardNames(results)).length).toBe(matching(facts.titleName.toLowerCase()));
      // The search page's own box carries the keyword.
      expect(await page.locator('main[data-screen="search"]').getByRole('searchbox').inputValue()).toBe(facts.titleName.toUpperCase());

      const author = facts.all.flatMap((g) => g.titles).find((t) => t.titleId === facts.titleId)!.author;
      const box2 = page.locator('main[data-screen="search"]').getByRole('searchbox');
      await box2.fill(author);
      await box2.press('Enter');
      await page.getByRole('heading', { level: 1, name: en['search.resultsFor']!.replace('{keyword}', author) }).waitFor();
      await results.getByText(facts.titleName, { exact: true }).waitFor();
      expect((await cardNames(results)).length).toBe(matching(author.toLowerCase()));
      await settle(page, kind, 'search_result-author');

      await box2.fill('qzxv nonsense 0923');
      await box2.press('Enter');
      await page.getByTestId('no-results').waitFor();
      expect(await page.getByTestId('no-results').textContent()).toBe(en['search.none']);
      expect(await results.count()).toBe(0);
      await settle(page, kind, 'search_result-none');
      await ctx.close();
      expect(seen.errors).toEqual([]);
    });
  });
}
