import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/**
 * Session fixation (issue 20 item 4) and the style policy (item 6), in
 * Chromium against the real server: a planted `mr_sid` cookie on a first
 * visit to a chapter is never adopted (the app's calls never carry it, and
 * the mirrored cookie is replaced); a browser holding no session gets a
 * fresh one from the server. No page reports a Content Security Policy
 * violation now that style-src has no 'unsafe-inline'. The page the server
 * renders under a planted cookie counts no view for its planter; the app
 * counts the reader's own.
 */
const CHAPTER = 1000013;
const PLANTED = 'feedface'.repeat(4);

describe('session fixation and the style policy', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page that records the SESSION-TOKEN of every /api call and every CSP violation. */
  async function watched(ctx: BrowserContext): Promise<{ page: Page; tokens: Set<string>; violations: string[] }> {
    const page = await ctx.newPage();
    const tokens = new Set<string>();
    const violations: string[] = [];
    page.on('request', (r) => {
      const t = r.headers()['session-token'];
      if (r.url().includes('/api/') && t) tokens.add(t);
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
      });
    });
    return { page, tokens, violations };
  }

  /**
   * Whether this session has the chapter among its viewed ones (the title page's "viewed" marks).
   * The chapter's title is asked as a render ahead does, so that asking counts nothing itself.
   */
  async function viewedBy(ctx: BrowserContext, token: string): Promise<boolean> {
    const quiet = { 'session-token': 'ab'.repeat(16), 'x-render-ahead': '1' };
    const v = (await (await ctx.request.get(`/api/manga_viewer?chapter_id=${CHAPTER}&format=json`, { headers: quiet })).json()) as {
      success: { mangaViewer: { titleId: number } };
    };
    const d = (await (
      await ctx.request.get(`/api/title_detailV3?title_id=${v.success.mangaViewer.titleId}&format=json`, {
        headers: { 'session-token': token },
      })
    ).json()) as { success: { titleDetailView: { chapterListV2: { chapterId: number; alreadyViewed?: boolean }[] } } };
    return d.success.titleDetailView.chapterListV2.some((c) => c.chapterId === CHAPTER && c.alreadyViewed === true);
  }

  const stored = (page: Page) =>
    page.waitForFunction(() => localStorage.getItem('session_id')).then((h) => h.jsonValue() as Promise<string>);

  it('a planted mr_sid cookie is never adopted: the app calls with a session of its own and replaces the cookie', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    await ctx.addCookies([{ name: 'mr_sid', value: PLANTED, url: base }]);
    const { page, tokens, violations } = await watched(ctx);
    await page.goto(`/viewer/${CHAPTER}`);
    const mine = await stored(page);
    expect(mine).toMatch(/^[0-9a-f]{32}$/);
    expect(mine).not.toBe(PLANTED);
    expect([...tokens]).not.toContain(PLANTED);
    expect([...tokens].every((t) => t === mine)).toBe(true);
    const cookie = (await ctx.cookies()).find((c) => c.name === 'mr_sid');
    expect(cookie?.value).toBe(mine);
    // Reloaded, the page is now rendered for the reader's own session, and taken.
    await page.reload();
    expect(await stored(page)).toBe(mine);
    expect([...tokens]).not.toContain(PLANTED);
    expect(violations).toEqual([]);
    // The reader's view is theirs; the page the server rendered under the planted cookie counted none for its planter.
    await expect.poll(() => viewedBy(ctx, mine)).toBe(true);
    expect(await viewedBy(ctx, PLANTED)).toBe(false);
    await ctx.close();
  });

  it('a browser holding no session id gets a fresh one from the server', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const { page, tokens, violations } = await watched(ctx);
    const answer = await page.goto(`/viewer/${CHAPTER}`);
    const html = (await answer?.text()) ?? '';
    const boot = /"session":"([0-9a-f]{32})","sessionMade":true/.exec(html)?.[1];
    expect(boot).toBeTruthy();
    const mine = await stored(page);
    expect(mine).toBe(boot);
    expect([...tokens].every((t) => t === mine)).toBe(true);
    // The app took the server's chapter answer and counted the view itself (GET /api/chapter_view).
    await expect.poll(() => viewedBy(ctx, mine)).toBe(true);
    expect(violations).toEqual([]);
    await ctx.close();
  });

  it('no Content Security Policy violation on the main routes (style-src without unsafe-inline)', async () => {
    for (const kind of ['desktop', 'phone'] as const) {
      const ctx = await newContext(browser, kind, base);
      const { page, violations } = await watched(ctx);
      for (const path of [
        '/updates',
        '/ranking/hottest',
        '/manga_list/ongoing',
        '/favorited',
        '/rating/en',
        `/viewer/${CHAPTER}`,
        '/updates',
      ]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const csp = (await ctx.request.get(path)).headers()['content-security-policy'] ?? '';
        expect(csp, path).not.toContain('unsafe-inline');
      }
      expect(violations).toEqual([]);
      await ctx.close();
    }
  });
});
