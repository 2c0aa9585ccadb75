import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../server/catalog/generate';
import { loadConfig } from '../../server/config';
import { planFirstView } from '../../core/viewer/firstViewPlan';
import { DESKTOP, firstCanvas, firstPaintBrowser, handedOver, maxDiff, POINTS, sourceColors, until, type Boot } from './firstPaintDriver';
import { harnessSrc, withHarness } from './viewerHarness';

/**
 * How the first pages of /viewer/{id} get drawn: the page's inlined script
 * (allowed by its CSP hash) starts while the page is parsed; a page whose
 * script did not run gets the drawing from the entry; an answer the server
 * made for another session is not taken. Real demo chapters.
 */
const notable = generateCatalog(loadConfig().catalogSeed, Math.floor(Date.now() / 1000)).notable;

describe('first pages drawn ahead of the viewer: the drawing script', () => {
  const { open, browser, base } = firstPaintBrowser();

  it('the drawing starts while the page is parsed: a script inlined by its CSP hash, before the entry has even loaded', async () => {
    const errors: string[] = [];
    const o = await open(notable.longChapterId, 'desktop', '', {}, /\/assets\/index-[^/]+\.js$/);
    o.page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const plan = planFirstView(o.boot!.chapter!.shape, DESKTOP.viewport, null, 0);
    // The entry is held back: only the inlined script can have drawn this.
    const drawn = await firstCanvas(o.page, plan.pages, POINTS.slice(0, 3));
    expect(drawn.items).toEqual([0]);
    expect(maxDiff(drawn.colors, await sourceColors(o.page, plan.pages, POINTS.slice(0, 3)))).toBeLessThanOrEqual(2);
    // Its stylesheets (the entry's and the fonts both apps share, web/fonts.css) did not hold the first frame:
    // each loaded for print until the entry applies it.
    const sheet = `[...document.querySelectorAll('link[rel=stylesheet]')].map((l) => [l.media, l.hasAttribute('data-deferred-style')].join())`;
    const sheets = await o.page.evaluate<string[]>(sheet);
    expect(sheets.length).toBeGreaterThan(0);
    expect(new Set(sheets)).toEqual(new Set(['print,true']));
    const res = await o.ctx.request.get(`/viewer/${notable.longChapterId}`);
    expect(res.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    // No opener policy on it (a chapter opened in a new tab stays in its process); other pages keep it.
    expect(res.headers()['cross-origin-opener-policy']).toBeUndefined();
    const other = (await o.ctx.request.get('/ranking/hottest')).headers();
    expect(other['cross-origin-opener-policy']).toBe('same-origin');
    // Other pages allow no inline script, and their stylesheets load as usual.
    expect(other['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(await (await o.ctx.request.get('/ranking/hottest')).text()).not.toContain('data-deferred-style');
    await handedOver(o, [0]);
    // The entry applied it before the app rendered (the viewer's own stylesheet came with its code).
    const after = await o.page.evaluate<string[]>(sheet);
    expect(after[0]).toBe('all,false');
    expect(after.filter((x) => x.startsWith('print') || x.endsWith('true'))).toEqual([]);
    expect(await o.page.evaluate(`getComputedStyle(document.body).marginTop`)).toBe('0px');
    expect(o.calls).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await o.ctx.close();
  });

  it('a page whose script did not run: the entry loads the drawing code and draws them itself', async () => {
    const ctx = await browser().newContext({ ...DESKTOP, baseURL: base, locale: 'en-US' });
    // The page as sent, less its inlined script (the boot data, a JSON script, stays), with the viewer's test harness.
    const harness = harnessSrc({ clocks: 'manual' });
    await ctx.route(/\/viewer\/\d+$/, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: withHarness((await res.text()).replace(/<script>[\s\S]*?<\/script>/, ''), harness) });
    });
    const page = await ctx.newPage();
    const drawnBy: string[] = [];
    ctx.on('request', (r) => /\/assets\/chapterStartDrawing-[^/]+\.js$/.test(r.url()) && drawnBy.push(r.url()));
    await page.goto(`/viewer/${notable.longChapterId}`, { waitUntil: 'commit' });
    await page.waitForSelector('.viewer-first[data-items]', { state: 'attached' });
    expect(await page.evaluate(`document.querySelector('.viewer-first').dataset.items`)).toBe('0');
    expect(drawnBy).toHaveLength(1);
    await until(
      page,
      `!document.querySelector('.viewer-first') && window.__viewerDebug && window.__viewerDebug.rects().some((r) => r.item === 0 && r.image)`,
    );
    expect(await page.evaluate(`getComputedStyle(document.body).marginTop`)).toBe('0px');
    await ctx.close();
  });

  it('a visitor id saved after the page was taken (the app in another tab, before this entry runs): the drawing is handed over all the same, for a new visitor and a returning one', async () => {
    const other = 'cd'.repeat(16);
    for (const known of [null, 'ef'.repeat(16)]) {
      const init = known ? `localStorage.setItem('session_id', '${known}');` : '';
      const o = await open(notable.longChapterId, 'desktop', init, known ? { mr_sid: known } : {}, /\/assets\/index-[^/]+\.js$/);
      expect(o.boot?.session).toBe(known ?? o.boot?.session);
      await o.page.waitForSelector('.viewer-first[data-items]', { state: 'attached' });
      // The page's script took the page and kept its session at once (the entry is held back).
      expect(await o.page.evaluate(`localStorage.getItem('session_id')`)).toBe(o.boot!.session);
      await o.page.evaluate(`localStorage.setItem('session_id', '${other}')`);
      // The entry takes none of its answers (not this session's) but the pages drawn: the viewer draws them itself.
      await handedOver(o, [0]);
      expect(o.calls.map((c) => c.token)).toEqual([other]);
      await o.ctx.close();
    }
  });

  it('an answer made for another session is not taken: nothing drawn ahead, the app asks with its own token', async () => {
    const mine = 'ab'.repeat(16);
    const o = await open(notable.longChapterId, 'desktop', `localStorage.setItem('session_id', '${mine}');`);
    expect(o.boot?.session).toMatch(/^[0-9a-f]{32}$/);
    expect(o.boot?.session).not.toBe(mine);
    o.release();
    await until(o.page, `window.__viewerDebug && window.__viewerDebug.rects().some((r) => r.item === 0 && r.image)`);
    expect(await o.page.evaluate(`!!document.querySelector('.viewer-first')`)).toBe(false);
    expect(o.calls.map((c) => c.token)).toEqual([mine]);
    // Mirrored for the next visit, which the server then renders for this session.
    expect((await o.ctx.cookies()).find((c) => c.name === 'mr_sid')?.value).toBe(mine);
    const again = await o.page.reload();
    const boot = JSON.parse(
      /<script id="__boot" type="application\/json">([\s\S]*?)<\/script>/.exec((await again?.text()) ?? '')![1],
    ) as Boot;
    expect(boot.session).toBe(mine);
    await o.ctx.close();
  });

  it('a plain page its token no longer opens (a page kept past its expiry): the encrypted page is fetched, decrypted and shown instead, the same pixels', async () => {
    const ctx = await browser().newContext({ ...DESKTOP, baseURL: base, locale: 'en-US' });
    const harness = harnessSrc({ clocks: 'manual' });
    let [token, sent] = ['', ''];
    await ctx.route(/\/viewer\/\d+$/, async (route) => {
      const res = await route.fetch();
      const html = (sent = await res.text());
      token = /"token":"([^"]+)"/.exec(html)![1];
      await route.fulfill({ response: res, body: withHarness(html.replaceAll(token, `${token.split('-')[0]}-1-00`), harness) });
    });
    const page = await ctx.newPage();
    const refused: string[] = [];
    page.on('response', (r) => r.url().includes('/manga_viewer_v3/page/') && r.status() === 403 && refused.push(r.url()));
    await page.goto(`/viewer/${notable.longChapterId}`, { waitUntil: 'commit' });
    expect(token).toMatch(/^\d+-\d+-/);
    const boot = JSON.parse(/<script id="__boot" type="application\/json">([\s\S]*?)<\/script>/.exec(sent)![1]) as Boot;
    const plan = planFirstView(boot.chapter!.shape, DESKTOP.viewport, null, 0);
    const drawn = await firstCanvas(page, plan.pages, POINTS.slice(0, 3));
    expect(drawn.items).toEqual([0]);
    expect(maxDiff(drawn.colors, await sourceColors(page, plan.pages, POINTS.slice(0, 3)))).toBeLessThanOrEqual(2);
    expect(refused.length).toBeGreaterThan(0);
    expect(await page.evaluate(`document.querySelector('.viewer-first img').src.startsWith('blob:')`)).toBe(true);
    await until(
      page,
      `!document.querySelector('.viewer-first') && window.__viewerDebug && window.__viewerDebug.rects().some((r) => r.item === 0 && r.image)`,
    );
    await ctx.close();
  });
});
