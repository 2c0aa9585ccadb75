/**
 * The reader's shell screens and offline saving in one engine, as a reader
 * meets them: the home, the ranking, a list, a search, a title, at a desktop
 * window and a phone; the home in Thai; a chapter saved for offline reading,
 * then, with the network gone (the proxy dropping every connection: the
 * WebKit driver has no network emulation), opened through the service worker
 * and drawn as it was online (its screenshot against the online one, by
 * pixels). Run by one small file per engine (shell.<engine>.test.ts).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STORAGE } from '../../core/storageKeys';
import { generateCatalog } from '../../server/catalog/generate';
import { loadConfig } from '../../server/config';
import { until, type EngineName, type EnginePage } from './drivers';
import { DESKTOP, engineBrowser, PHONE } from './engineBrowser';
import { clickOn } from './viewerSuite';

const notable = generateCatalog(loadConfig().catalogSeed, Math.floor(Date.now() / 1000)).notable;

const SCREENS: [path: string, screen: string][] = [
  ['/updates', 'home'],
  ['/ranking/hottest', 'ranking'],
  ['/manga_list/ongoing', 'manga_list'],
  ['/search_result?keyword=love', 'search'],
];

/** The screen is up with its content: text, and the cover images in the window decoded (none broken; a carousel's slides off to the side load lazily). */
async function expectScreen(page: EnginePage, screen: string): Promise<void> {
  await until(page, `document.querySelector('main[data-screen=${screen}]')`, `the ${screen} screen`);
  await until(
    page,
    `(() => { const m = document.querySelector('main[data-screen=${screen}]'); const imgs = [...m.querySelectorAll('img')].filter((i) => { const r = i.getBoundingClientRect(); return r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; }); return m.innerText.trim().length > 40 && imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0); })()`,
    `the ${screen} screen's text and covers`,
  );
}

/** The part of two screenshots below the top bar compared: the share of pixels within 24 of each other on every channel. */
async function sameDrawing(a: Buffer, b: Buffer): Promise<number> {
  const raw = (x: Buffer) => sharp(x).removeAlpha().resize(160, 100, { fit: 'fill' }).raw().toBuffer();
  const [p, q] = await Promise.all([raw(a), raw(b)]);
  let same = 0;
  for (let k = 0; k < p.length; k += 3) if ([0, 1, 2].every((c) => Math.abs(p[k + c] - q[k + c]) <= 24)) same++;
  return same / (p.length / 3);
}

/**
 * The screen once it rests: two screenshots a second apart that agree (the pages decoded and drawn, the bars
 * gone), and not one colour (a stage still empty).
 */
async function restingShot(page: EnginePage): Promise<Buffer> {
  let last = await page.screenshot();
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const next = await page.screenshot();
    const { channels } = await sharp(next).stats();
    if ((await sameDrawing(last, next)) > 0.995 && channels.some((c) => c.stdev > 8)) return next;
    last = next;
  }
  throw new Error('the screen never came to rest');
}

export function shellSuite(name: EngineName): void {
  describe(`${name}: the shell screens and offline saving`, () => {
    const b = engineBrowser(name);

    it('home, ranking, list, search and a title at both sizes; the home in Thai', async () => {
      for (const [size, o] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const page = await b.open('/updates', o, {}, null);
        for (const [path, screen] of SCREENS) {
          if (path !== '/updates') await page.goto(`${b.proxy.url}${path}`);
          await expectScreen(page, screen);
          if (screen === 'home' || screen === 'ranking') await b.shot(page, `${screen}-${size}`);
        }
        const title = await page.eval<string>(
          `document.querySelector('main[data-screen=search] a[href^="/titles/"]').getAttribute('href')`,
        );
        await page.goto(`${b.proxy.url}${title}`);
        await expectScreen(page, 'title');
        await until(page, `document.querySelectorAll('.chapter').length > 0`, 'the title chapters');
        await b.shot(page, `title-${size}`);
        await page.close();
      }
      const thai = await b.open('/updates', PHONE, { [STORAGE.serviceLang]: 'tha', [STORAGE.contentLangs]: JSON.stringify(['th']) }, null);
      await expectScreen(thai, 'home');
      expect(await thai.eval<string>('document.documentElement.lang')).toBe('th');
      // Thai script in the interface (U+0E00-U+0E7F).
      expect(await thai.eval<boolean>(`/[\\u0E00-\\u0E7F]{4}/.test(document.body.innerText)`)).toBe(true);
      await b.shot(thai, 'home-phone-th');
      await thai.close();
    });

    it('a chapter saved for offline reading opens with the network gone and is drawn as it was online', async () => {
      const page = await b.open(`/viewer/${notable.longChapterId}`, DESKTOP, { [STORAGE.viewerMode]: 'vertical' }, null);
      await until(
        page,
        `document.querySelector('[data-testid=viewer-counter]') && /^1 \\//.test(document.querySelector('[data-testid=viewer-counter]').textContent)`,
        'the viewer',
      );
      const titlePath = await page.eval<string>(
        `document.querySelector('a[href^="/titles/"]') ? document.querySelector('a[href^="/titles/"]').getAttribute('href') : ''`,
      );
      expect(titlePath, 'the viewer links its title').not.toBe('');
      await page.goto(`${b.proxy.url}${titlePath}`);
      await expectScreen(page, 'title');
      // The page's popup (shown once) is closed first.
      await new Promise((r) => setTimeout(r, 1500));
      await page.eval(
        `(() => { const d = document.querySelector('[role=dialog]'); const c = d && [...d.querySelectorAll('button')].find((x) => /close/i.test(x.getAttribute('aria-label') || x.textContent)); if (c) c.click(); return true; })()`,
      );
      const row = `[...document.querySelectorAll('.chapter')].find((r) => r.querySelector('.chapter__main:not([aria-disabled])') && r.querySelector('.save-offline button'))`;
      await until(page, row, 'a chapter that can be saved');
      const chapter = await page.eval<string>(`${row}.querySelector('.chapter__main').getAttribute('href')`);
      await page.eval(`(() => { ${row}.querySelector('.save-offline button').setAttribute('data-engine-test', 'save'); return true; })()`);
      await clickOn(page, '[data-engine-test=save]');
      await until(
        page,
        `document.querySelector('.save-offline[data-chapter-id="${chapter.split('/').pop()}"][data-state="saved"]')`,
        'the chapter saved',
        3600,
      );

      await page.goto(`${b.proxy.url}${chapter}`);
      const counted = `document.querySelector('[data-testid=viewer-counter]') && /^1 \\//.test(document.querySelector('[data-testid=viewer-counter]').textContent)`;
      await until(page, counted, 'the saved chapter online');
      const online = await restingShot(page);
      b.proxy.setOffline(true);
      try {
        await page.goto(`${b.proxy.url}${chapter}`);
        await until(page, counted, 'the saved chapter offline');
        // Drawn as online, once its pages are decoded (on a loaded machine that takes longer than a fixed wait).
        let share = 0;
        for (let i = 0; i < 120 && share <= 0.9; i++) {
          await new Promise((r) => setTimeout(r, 500));
          share = await sameDrawing(online, await page.screenshot());
        }
        await b.shot(page, 'viewer-offline-desktop');
        console.log(`${name}: offline drawing like the online one: ${(share * 100).toFixed(1)}% of pixels`);
        expect(share, `${name}: the saved chapter drawn offline as online`).toBeGreaterThan(0.9);
        // The list of what is saved opens offline too. (Not its offline banner: that follows navigator.onLine,
        // which a proxy that drops connections does not turn off; tests/e2e/offline.test.ts sees it in Chromium.)
        await page.goto(`${b.proxy.url}/downloads`);
        await until(page, `document.querySelectorAll('.downloads__item').length === 1`, 'the saved chapter listed');
      } finally {
        b.proxy.setOffline(false);
      }
      await page.close();
    });
  });
}
