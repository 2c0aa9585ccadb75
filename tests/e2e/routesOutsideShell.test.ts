import { expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { ARTICLES, TERMS_TITLE } from '../../src/screens/static/termsJa';
import {
  CAMPAIGN_FR,
  CAMPAIGN_US,
  en,
  es,
  fr,
  INSTALL_FR,
  INSTALL_US,
  open,
  settle,
  shellHeader,
  SHOTS,
  describeSweep,
} from './routeSweep';

/**
 * The route sweep (routeSweep.ts): redirects, routes outside the shell, unknown paths, at phone and desktop sizes;
 * the viewer, the web views, the terms and the error pages are also checked with axe-core (no serious or critical finding).
 */
describeSweep('redirects, routes outside the shell, unknown paths', (sweep) => {
  const { base, kind, seen } = sweep;

  it('redirects: empty path → /main → /updates, ranking, the old list addresses, rating', async () => {
    const { ctx, page } = await open(sweep.browser, kind, base, seen);
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
    const { ctx, page } = await open(sweep.browser, kind, base, seen);

    // The viewer has its own header, not the shell's.
    await page.goto(`${base}/viewer/${sweep.facts.chapterId}`);
    await page.getByTestId('viewer-stage').waitFor();
    await page.getByTestId('viewer-title-link').waitFor({ state: 'attached' });
    expect(await page.getByTestId('viewer-title-link').getAttribute('href')).toBe(`/titles/${sweep.facts.titleId}`);
    expect(await shellHeader(page).count()).toBe(0);
    await settle(page, kind, 'viewer', { axe: true });

    // Webview pages take their language from the route and do not store it.
    await page.goto(`${base}/webview/announcement/esp`);
    await page.getByRole('heading', { level: 1, name: es['news.announcements'] }).waitFor();
    await page.locator('.accordion__item').first().getByText(sweep.facts.spanishAnnouncement).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await shellHeader(page).count()).toBe(0);
    await settle(page, kind, 'webview-announcement-esp', { axe: true });

    await page.goto(`${base}/webview/faq/fr`);
    await page.getByRole('button', { name: fr['static.faq_freeQ'] }).click();
    await page.getByText(fr['static.faq_freeA']).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await shellHeader(page).count()).toBe(0);
    await settle(page, kind, 'webview-faq-fr', { axe: true });

    await page.goto(`${base}/webview/questionnaire/eng/demo2026?os=web&app_ver=1&os_ver=1&secret=x`);
    await page.locator('main[data-screen="questionnaire"]').getByRole('group').first().waitFor();
    expect(await page.getByRole('button', { name: en['survey.submit'] ?? 'Submit' }).isDisabled()).toBe(true);
    expect(await shellHeader(page).count()).toBe(0);
    await settle(page, kind, 'webview-questionnaire', { axe: true });

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
    await settle(page, kind, 'terms_web_ja', { axe: true });

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
    const { ctx, page } = await open(sweep.browser, kind, base, seen);
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
      await settle(page, kind, slug, { axe: slug === 'not-found' || slug === 'error' });
    }
    // Leaving the not-found page drops the noindex.
    await page.getByRole('link', { name: en['errors.backHome'] }).click();
    await page.waitForURL(`${base}/updates`);
    await page.locator('[data-screen="home"] .home-group .title-card').first().waitFor();
    expect(await page.locator('meta[name="robots"][content*="noindex"]').count()).toBe(0);
    await ctx.close();
    expect(seen.errors).toEqual([]);
  });
});
