import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from './harness';
import { e2eBase } from './base';

/**
 * The shell header and the home and ranking screens measured in Chromium:
 * the logo's name fits its box and the header links keep one line in every language
 * (item 6); carousel slides keep a banner's size and its arrows stay off them (item 7);
 * the ranking's top entries are larger than the rest (item 8); a row scrolls 550 px
 * per arrow and shows an arrow only where it can scroll (item 9); rank marks stay off
 * the title drawn on a cover (item 20), and off the update badge on a phone's small
 * covers; a first visit lists its interface language first among the content
 * languages (item 17).
 */
const LANGS = ['en', 'es', 'fr', 'id', 'th', 'pt', 'ru', 'de', 'vi'];
const SHOTS = '.tmp/screenshots/issue15/home';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const boxes = (l: Locator) =>
  l.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Closes home's popup (shown once per visitor) if it is up. */
async function closePopup(page: Page) {
  await page.waitForLoadState('networkidle');
  const popup = page.getByRole('dialog');
  if (await popup.count()) {
    await popup.getByRole('button', { name: /close/i }).first().click();
    await popup.waitFor({ state: 'detached' });
  }
}

describe('header, home and ranking layout', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the logo name fits its box and the header links keep one line, in every language at 1440 and 390 px', async () => {
    for (const lang of LANGS) {
      // One page per language (a first visit takes the browser's language), measured at both widths.
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lang });
      const page = await ctx.newPage();
      await page.goto(`${base}/about_us`);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      for (const phone of [false, true]) {
        if (phone) await page.setViewportSize({ width: 390, height: 844 });
        const logo = page.locator('header a.logo');
        await logo.waitFor();
        const fit = await logo.evaluate((a) => {
          const text = a.querySelector<HTMLElement>('.logo__text');
          const mark = a.querySelector('.logo__mark')!.getBoundingClientRect();
          const box = a.getBoundingClientRect();
          const shown = !!text && getComputedStyle(text).display !== 'none';
          const range = document.createRange();
          if (text) range.selectNodeContents(text);
          const r = range.getBoundingClientRect();
          return {
            shown,
            overflow: text ? text.scrollWidth - text.clientWidth : 1,
            inside:
              !shown || (r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5),
            markShown: mark.width === 32 && mark.left >= 0 && mark.right <= window.innerWidth,
          };
        });
        expect(fit, `${lang} ${phone ? 'phone' : 'desktop'}`).toEqual({ shown: !phone, overflow: 0, inside: true, markShown: true });
        // Nothing of the header leaves the screen.
        const right = await page
          .locator('.header__bar > *')
          .evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
        expect(right, lang).toBeLessThanOrEqual(phone ? 390 : 1440);
        if (!phone) {
          const tops = await page
            .locator('.header__nav .nav-link')
            .evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().top)));
          expect(tops.length).toBe(7);
          expect(new Set(tops).size, `${lang}: links on ${new Set(tops).size} lines`).toBe(1);
          const bar = (await boxes(page.locator('.header__bar')))[0];
          expect(bar.height, lang).toBeLessThan(70);
        }
        if (lang === 'fr' || lang === 'ru' || lang === 'th')
          await page.screenshot({
            path: `${SHOTS}/header-${phone ? 390 : 1440}-${lang}.png`,
            clip: { x: 0, y: 0, width: phone ? 390 : 1440, height: 80 },
          });
      }
      await ctx.close();
    }
  });

  it('a first visit reads titles in its interface language first (then the three defaults)', async () => {
    for (const lang of ['ru', 'th']) {
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lang });
      const page = await ctx.newPage();
      await page.goto(`${base}/updates`);
      await page.locator('.home-group .title-card').first().waitFor();
      // The first use's choice is stored (local storage: the list of short codes).
      await page.waitForFunction(() => localStorage.getItem('content_langs_v2') !== null);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('content_langs_v2')))!)).toEqual([lang, 'en', 'es', 'fr']);
      await ctx.close();
    }
  });

  describe('home', () => {
    let ctx: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ctx = await newContext(browser, 'desktop', base);
      page = await ctx.newPage();
      await page.goto(`${base}/updates`);
      await page.locator('.home-group .title-card').first().waitFor();
      await closePopup(page);
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('carousel: 2 slides at 1440 px, 3 at 1600 and 1920 px, each a banner of 400 px or more; the arrows on none', async () => {
      for (const [width, count] of [
        [1440, 2],
        [1600, 3],
        [1920, 3],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        const carousel = page.locator('section.carousel');
        await carousel.hover();
        await page.waitForFunction((n) => document.querySelectorAll('.carousel__slide').length === n, count);
        const slides = (await boxes(page.locator('.carousel__slide'))).filter((b) => b.width > 0);
        expect(slides.length, `${width}`).toBe(count);
        for (const s of slides) {
          expect(s.width, `${width}`).toBeGreaterThanOrEqual(400);
          expect(s.x + s.width, `${width}`).toBeLessThanOrEqual(width);
          expect(Math.round(s.width / s.height)).toBe(3);
        }
        const arrows = await boxes(page.locator('.carousel__arrow'));
        expect(arrows.length).toBe(2);
        for (const a of arrows) for (const s of slides) expect(intersects(a, s), `${width}: an arrow on a slide`).toBe(false);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/home-carousel-${width}.png`, clip: { x: 0, y: 0, width, height: 500 } });
      }
    });

    it('rows: 550 px per arrow click, stopped at the end; an arrow only where the row can scroll', async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      // The first row with more titles than fit (the demo's rows follow the clock: the first may be short).
      await page.locator('.home-group .scroll-row__items').first().waitFor();
      const nth = await page.evaluate(() =>
        [...document.querySelectorAll('.home-group .scroll-row__items')].findIndex((e) => e.scrollWidth > e.clientWidth),
      );
      expect(nth, 'a home row wider than the window').toBeGreaterThanOrEqual(0);
      const row = page.locator('.home-group .scroll-row').nth(nth);
      const items = row.locator('.scroll-row__items');
      await row.scrollIntoViewIfNeeded();
      const prev = row.locator('.scroll-row__arrow--prev');
      const next = row.locator('.scroll-row__arrow--next');
      const max = await items.evaluate((e) => e.scrollWidth - e.clientWidth);
      expect(max).toBeGreaterThan(0);
      // At the start: no way back.
      await next.waitFor();
      expect(await prev.count()).toBe(0);
      const left = () => items.evaluate((e) => Math.round(e.scrollLeft));
      const settle = (want: number) =>
        page.waitForFunction(([x, i]) => Math.abs(document.querySelectorAll('.home-group .scroll-row__items')[i].scrollLeft - x) < 1, [
          want,
          nth,
        ] as const);
      let at = 0;
      while (at < max) {
        await next.click();
        at = Math.min(at + 550, max);
        await settle(at);
        expect(await left()).toBe(Math.round(at));
        await prev.waitFor();
      }
      // At the end: no way on.
      await next.waitFor({ state: 'detached' });
      await prev.click();
      await settle(Math.max(0, max - 550));
      await next.waitFor();
      await page.screenshot({ path: `${SHOTS}/home-row-1440.png` });
      // Wide enough for the whole row: no arrows at all (a resize updates them).
      const cards = await row.locator('.home-group__item').count();
      await page.setViewportSize({ width: 1920, height: 900 });
      if (cards <= 8) {
        await next.waitFor({ state: 'detached' });
        await prev.waitFor({ state: 'detached' });
      }
    });
  });

  for (const kind of ['desktop', 'phone'] as const) {
    it(`${kind} ranking: the top ${kind === 'phone' ? 6 : 5} larger than the rest; medals clear of the covers' titles and badges`, async () => {
      const ctx = await newContext(browser, kind, base);
      const page = await ctx.newPage();
      await page.goto(`${base}/ranking/hottest`);
      await page.locator('[data-testid="ranking-rest"] .title-card').first().waitFor();
      const top = await boxes(page.locator('[data-testid="ranking-top"] .title-card__cover'));
      const rest = await boxes(page.locator('[data-testid="ranking-rest"] .title-card__cover'));
      expect(top.length).toBe(kind === 'phone' ? 6 : 5);
      const smallest = Math.min(...top.map((b) => b.width));
      const largest = Math.max(...rest.map((b) => b.width));
      expect(smallest / largest).toBeGreaterThan(1.3);

      // The cover art draws its title in its lower third (from 66 % of its height).
      for (const card of await page.locator('[data-testid="ranking-top"] .title-card').all()) {
        const [cover] = await boxes(card.locator('.title-card__cover'));
        const [mark] = await boxes(card.locator('.rank'));
        const badge = await boxes(card.locator('.badge'));
        expect(mark.y + mark.height).toBeLessThanOrEqual(cover.y + cover.height * 0.66);
        expect(mark.x >= cover.x && mark.x + mark.width <= cover.x + cover.width).toBe(true);
        for (const b of badge) expect(intersects(mark, b)).toBe(false);
      }
      await page.screenshot({ path: `${SHOTS}/ranking-${kind}.png` });
      await ctx.close();
    });
  }

  it('phone ranking in English and Thai: on the small covers (three a row) a RE-EDITION badge and the rank number never overlap', async () => {
    for (const lang of ['en', 'th']) {
      const ctx = await browser.newContext({ ...PHONE, locale: lang });
      const page = await ctx.newPage();
      await page.goto(`${base}/ranking/hottest`);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await page.locator('[data-testid="ranking-rest"] .title-card .badge').first().waitFor();
      const cards = await page.locator('.title-card').evaluateAll((els) =>
        els.flatMap((e) => {
          const [cover, mark, badge] = ['.title-card__cover', '.rank', '.badge'].map((s) => {
            const r = e.querySelector(s)?.getBoundingClientRect();
            return r && { x: r.x, y: r.y, width: r.width, height: r.height };
          });
          return cover && mark && badge ? [{ cover, mark, badge, text: e.querySelector('.badge')!.textContent }] : [];
        }),
      );
      expect(cards.filter((c) => c.text === 'RE-EDITION').length).toBeGreaterThan(0);
      for (const c of cards) {
        expect(intersects(c.mark, c.badge)).toBe(false);
        // Both on the cover, above the title its art draws.
        for (const b of [c.mark, c.badge]) {
          expect(b.x >= c.cover.x - 0.5 && b.x + b.width <= c.cover.x + c.cover.width + 0.5).toBe(true);
          expect(b.y + b.height).toBeLessThanOrEqual(c.cover.y + c.cover.height * 0.66);
        }
      }
      await page.locator('[data-testid="ranking-rest"]').screenshot({ path: `${SHOTS}/ranking-rest-phone-${lang}.png` });
      await ctx.close();
    }
  });
});
