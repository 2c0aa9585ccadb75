import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import deHome from '../../src/i18n/locales/de/home.json';
import frHome from '../../src/i18n/locales/fr/home.json';
import { e2eBase } from './base';

const GERMAN_HEADING = deHome.heading;

/**
 * The home's first view rendered into its page by the server
 * (src/boot/serverRender.tsx, server/plugins/web.ts): in the visitor's
 * languages, with the answers it came from, taken over by the app without
 * asking the API again; dropped when the app would have chosen otherwise.
 */
describe('home first view rendered by the server', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    return { status: res.status, vary: res.headers.get('vary'), html: await res.text() };
  };
  const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script id="__boot"/.exec(html)?.[1] ?? '';
  const bootOf = (html: string) => {
    const m = /<script id="__boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
    return m
      ? (JSON.parse(m[1]) as { path: string; lang: string; clang: string[]; viewerMode: string; responses: Record<string, string> })
      : null;
  };

  it('the page holds the home in the languages of the Accept-Language header, or of the preference cookies', async () => {
    const fr = await page('/updates', { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' });
    expect(fr.status).toBe(200);
    expect(fr.vary).toContain('accept-language');
    expect(fr.html).toContain('<html lang="fr"');
    const root = rootOf(fr.html);
    expect(root).toContain('data-screen="home"');
    expect(root).toContain(frHome.heading);
    // Real covers of the demo catalog, the first ones fetched at once.
    // Absolute, from the request's own address, as every answer's image URLs are.
    expect(root.match(new RegExp(`<img [^>]*src="${base}/img/title/\\d+/portrait[^"]*"`, 'g'))?.length ?? 0).toBeGreaterThan(20);
    expect(root).toMatch(/<img [^>]*loading="eager"[^>]*fetchPriority="high"|<img [^>]*fetchPriority="high"[^>]*loading="eager"/);
    const boot = bootOf(fr.html)!;
    expect(boot).toMatchObject({ path: '/updates', lang: 'fra', viewerMode: 'vertical' });
    expect(Object.keys(boot.responses).sort()).toEqual(
      ['/language', `/web/web_homeV4?lang=fra&clang=${boot.clang.join('%2C')}&viewer_mode=vertical`].sort(),
    );

    // Stored choices (mirrored in cookies by the app) win over the header.
    const es = await page('/updates', {
      'accept-language': 'fr',
      cookie: 'other=x; mr_lang=esp; mr_clang=%5B%22es%22%2C%22en%22%5D; mr_vmode=horizontal',
    });
    expect(es.html).toContain('<html lang="es"');
    expect(bootOf(es.html)).toMatchObject({ lang: 'esp', clang: ['es', 'en'], viewerMode: 'horizontal' });
    expect(Object.keys(bootOf(es.html)!.responses)).toContain('/web/web_homeV4?lang=esp&clang=es%2Cen&viewer_mode=horizontal');

    // Gzipped when asked (it is the largest page the server sends).
    const gz = await fetch(`${base}/updates`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // Other routes: no markup (the app renders them), but the languages chosen and their answer.
    const ranking = await page('/ranking/hottest', { 'accept-language': 'pt-BR' });
    expect(ranking.html).toContain('<div id="root"></div>');
    expect(ranking.html).toContain('<html lang="pt"');
    expect(bootOf(ranking.html)).toMatchObject({ path: '/ranking/hottest', lang: 'ptb' });
    expect(Object.keys(bootOf(ranking.html)!.responses)).toEqual(['/language']);
  });

  const watch = (p: Page) => {
    const api: string[] = [];
    const errors: string[] = [];
    p.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) api.push(u.pathname);
    });
    p.on('pageerror', (e) => errors.push(e.message));
    p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    return { api, errors };
  };

  for (const kind of ['desktop', 'phone'] as const) {
    it(`${kind}: a first visit takes the page over without asking for languages or home again; a returning one too`, async () => {
      const ctx = await newContext(browser, kind, base);
      const p = await ctx.newPage();
      const seen = watch(p);
      await p.goto(`${base}/updates`);
      await p.locator('[data-screen="home"] .home-group .title-card').first().waitFor();
      await p.waitForLoadState('networkidle');
      expect(seen.api).not.toContain('/api/language');
      expect(seen.api).not.toContain('/api/web/web_homeV4');
      // The languages the language-settings machine chooses on first use, stored as it stores them,
      // and mirrored in cookies for the next page the server renders; so is the session the server gave.
      // Stored as the app takes the page over, which on a loaded machine can come after the network is idle: polled.
      await expect.poll(() => p.evaluate(() => localStorage.getItem('session_id'))).toMatch(/^[0-9a-f]{32}$/);
      const [lang, clang, sid] = await p.evaluate(() => [
        localStorage.getItem('service_lang'),
        localStorage.getItem('content_langs_v2'),
        localStorage.getItem('session_id'),
      ]);
      expect([lang, clang]).toEqual(['eng', '["en","es","fr"]']);
      expect(sid).toMatch(/^[0-9a-f]{32}$/);
      expect(
        (await ctx.cookies())
          .filter((c) => c.name.startsWith('mr_'))
          .map((c) => `${c.name}=${c.value}`)
          .sort(),
      ).toEqual(['mr_clang=%5B%22en%22%2C%22es%22%2C%22fr%22%5D', 'mr_lang=eng', `mr_sid=${sid}`]);
      // One home, not the server's and the app's side by side.
      expect(await p.locator('[data-screen="home"]').count()).toBe(1);
      await p.screenshot({ path: `.tmp/screenshots/home/e2e-first-view-${kind}.png` });
      // The app is live: the popup closes, a card is a client-side link.
      const dialog = p.getByRole('dialog');
      if (await dialog.count()) {
        await p.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      await p.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await p.locator('.home-group .title-card').first().click();
      await p.waitForURL(/\/titles\/\d+$/);
      await p.locator('[data-screen="title"]').waitFor();
      expect(await p.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

      // Returning: rendered again from the cookies, again without the two calls.
      seen.api.length = 0;
      await p.goto(`${base}/updates`);
      await p.locator('[data-screen="home"] .home-group .title-card').first().waitFor();
      await p.waitForLoadState('networkidle');
      expect(seen.api).not.toContain('/api/web/web_homeV4');
      expect(seen.errors).toEqual([]);
      await ctx.close();
    });
  }

  it('a visitor whose stored languages differ from the rendered ones gets their own home (the answers are dropped)', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    // Stored, but no cookies yet (stored before cookies were mirrored): the server renders the defaults.
    await ctx.addInitScript(() => {
      if (!localStorage.getItem('service_lang')) {
        localStorage.setItem('service_lang', 'deu');
        localStorage.setItem('content_langs_v2', '["de"]');
      }
    });
    const p = await ctx.newPage();
    const seen = watch(p);
    const calls: string[] = [];
    p.on('request', (r) => r.url().includes('/api/web/web_homeV4') && calls.push(new URL(r.url()).search));
    await p.goto(`${base}/updates`);
    // The server's English markup is on screen until the app renders its own German home.
    await p.locator('[data-screen="home"] h1', { hasText: GERMAN_HEADING }).waitFor();
    await p.locator('[data-screen="home"] .home-group .title-card').first().waitFor();
    await p.waitForLoadState('networkidle');
    expect(calls).toEqual(['?lang=deu&clang=de&viewer_mode=vertical']);
    expect(await p.locator('html').getAttribute('lang')).toBe('de');
    expect(seen.errors).toEqual([]);
    // Now mirrored: the next page is rendered in German.
    const cookie = (await ctx.cookies())
      .filter((c) => c.name.startsWith('mr_'))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    expect((await page('/updates', { cookie })).html).toContain('<html lang="de"');
    await ctx.close();
  });

  it('a first visit to another page renders without waiting for the languages call', async () => {
    const ctx = await newContext(browser, 'phone', base);
    const p = await ctx.newPage();
    const seen = watch(p);
    await p.goto(`${base}/ranking/hottest`);
    await p.locator('[data-testid="ranking-top"] .title-card').first().waitFor();
    await p.waitForLoadState('networkidle');
    expect(seen.api).not.toContain('/api/language');
    expect(seen.api).toContain('/api/title_list/rankingV2');
    expect(await p.evaluate(() => localStorage.getItem('service_lang'))).toBe('eng');
    expect(seen.errors).toEqual([]);
    await ctx.close();
  });

  it("the first view's stylesheets arrive as one file, and the app fetches none of them again", async () => {
    const { html } = await page('/updates');
    const named = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)" disabled>/g)].map((m) => m[1]);
    const one = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(one).toHaveLength(1);
    expect(named.length).toBeGreaterThan(1);
    // The one file is their text in the page's order (the cascade unchanged), and is kept for good.
    const parts = await Promise.all(named.map(async (h) => (await fetch(`${base}${h}`)).text()));
    const res = await fetch(`${base}${one[0]}`);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe(parts.map((x) => `${x}\n`).join(''));
    const ctx = await newContext(browser, 'desktop', base);
    const p = await ctx.newPage();
    const seen = watch(p);
    const css: string[] = [];
    p.on('request', (r) => r.url().includes('.css') && css.push(new URL(r.url()).pathname));
    await p.goto(`${base}/updates`);
    await p.waitForLoadState('networkidle');
    // (Beside the explorer's recorder's own, where the explorer is on.)
    expect(css.filter((h) => !h.includes('/recorder-'))).toEqual([one[0]]);
    // The app takes over and moves to another screen: the styles it brings are only the new ones.
    await p.locator('[data-screen="home"] .carousel[data-state]').waitFor();
    const dialog = p.getByRole('dialog');
    if (await dialog.count()) {
      await p.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await p.getByRole('link', { name: 'Ranking' }).first().click();
    await p.locator('[data-testid="ranking-top"] .title-card').first().waitFor();
    await p.waitForLoadState('networkidle');
    expect(css.filter((h) => named.includes(h))).toEqual([]);
    expect(await p.evaluate(() => [...document.styleSheets].filter((s) => !s.disabled && s.href?.includes('/first-')).length)).toBe(1);
    expect(seen.errors).toEqual([]);
    await ctx.close();
  });

  it('without JavaScript the covers are there', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const p = await ctx.newPage();
    await p.goto(`${base}/updates`);
    const first = p.locator('.home-group .title-card img').first();
    await first.waitFor();
    await p.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.home-group .title-card img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    expect(await p.locator('.home-group').count()).toBeGreaterThan(3);
    await p.screenshot({ path: '.tmp/screenshots/home/e2e-first-view-no-js.png' });
    const boxes = (pg: Page) =>
      pg.evaluate(() =>
        ['.carousel', '.home-group', '.home-group .title-card img', '.hottest'].map((sel) => {
          const r = document.querySelector(sel)!.getBoundingClientRect();
          return `${sel} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        }),
      );
    const server = await boxes(p);
    await ctx.close();
    // The app's own render lays the page out as the server's did: nothing moves when it takes over.
    const live = await newContext(browser, 'desktop', base);
    const q = await live.newPage();
    await q.goto(`${base}/updates`);
    await q.waitForLoadState('networkidle');
    await q.locator('[data-screen="home"] .carousel[data-state]').waitFor();
    expect(await boxes(q)).toEqual(server);
    await live.close();
  });
});
