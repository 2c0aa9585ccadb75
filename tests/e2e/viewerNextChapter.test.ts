import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { viewerBrowser } from './viewerBrowser';

/**
 * The end of the latest chapter in the demo catalog (issue 15, items 2 and
 * 16): /viewer/1000013's next chapter, #014, is announced with a release
 * time. The end page shows that time in the reader's locale and no link;
 * nothing fetches #014 in the background (no 403 on the visit); the banner
 * list's heading is in the reader's language; a chapter that cannot be read
 * gives a page with a header and a way back (Retry only where it helps).
 * Screenshots go to .tmp/screenshots/issue15/viewer/.
 */
const SHOTS = '.tmp/screenshots/issue15/viewer';
const LATEST = 1000013;
const UNRELEASED = 1000014;

const HEADINGS: Record<string, { lang: string; recommended: string; available: string }> = {
  'en-US': { lang: 'eng', recommended: 'Recommended', available: 'Available' },
  'fr-FR': { lang: 'fra', recommended: 'Recommandés', available: 'Disponible le' },
  'th-TH': { lang: 'tha', recommended: 'แนะนำ', available: 'พร้อมอ่าน' },
  'ru-RU': { lang: 'rus', recommended: 'Рекомендуем', available: 'Выйдет' },
};

describe('viewer: the latest chapter and a chapter not out yet', () => {
  const vb = viewerBrowser(SHOTS);

  interface Visit {
    ctx: BrowserContext;
    page: Page;
    viewerCalls: string[];
    failures: string[];
    alerts: string[];
  }

  async function visit(locale: string, path: string): Promise<Visit> {
    const { lang } = HEADINGS[locale];
    const { ctx, page } = await vb.open({
      locale,
      prepare: (c) => c.addInitScript(`if (!localStorage.getItem('service_lang')) localStorage.setItem('service_lang', '${lang}');`),
    });
    const v: Visit = { ctx, page, viewerCalls: [], failures: [], alerts: [] };
    page.on('request', (r) => {
      if (/\/api\/manga_viewer(_v3)?\?/.test(r.url())) v.viewerCalls.push(new URL(r.url()).searchParams.get('chapter_id') ?? '');
    });
    page.on('response', (r) => {
      if (r.status() >= 400) v.failures.push(`${r.status()} ${r.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') v.failures.push(m.text());
    });
    page.on('dialog', (d) => {
      v.alerts.push(d.message());
      void d.accept();
    });
    await page.goto(path);
    return v;
  }

  async function toEnd(page: Page) {
    await page.locator('[data-testid=viewer-stage]').waitFor();
    for (let i = 0; i < 300 && !(await page.evaluate(() => (window.__viewerDebug?.position().count ?? 0) > 0)); i++)
      await new Promise((r) => setTimeout(r, 50));
    await page.keyboard.press('End');
    await page.getByTestId('viewer-last-page').waitFor();
    // The camera has come to rest with the end page on screen.
    for (let i = 0; i < 300; i++) {
      const top = await page.getByTestId('viewer-last-page').evaluate((el) => el.getBoundingClientRect().top);
      if (top >= 0 && top < 800 && (await page.evaluate(() => !!window.__viewerDebug?.settled()))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  for (const locale of Object.keys(HEADINGS)) {
    it(`${locale}: the end page shows #014's release time, no link, nothing fetched; the banner list heading is translated`, async () => {
      const { recommended, available } = HEADINGS[locale];
      const v = await visit(locale, `/viewer/${LATEST}`);
      await toEnd(v.page);
      const upcoming = v.page.getByTestId('viewer-next-upcoming');
      await upcoming.waitFor();
      const release = await v.page.getByTestId('viewer-next-release').textContent();
      // The time the server sent (seconds), formatted in the reader's locale.
      const answer = (await (await v.page.request.get(`/api/manga_viewer?chapter_id=${LATEST}&format=json`)).json()) as {
        success: { mangaViewer: { pages: { lastPage?: { nextTimeStamp?: string | number } }[] } };
      };
      const ts = Number(answer.success.mangaViewer.pages.find((p) => p.lastPage)!.lastPage!.nextTimeStamp);
      expect(ts * 1000).toBeGreaterThan(Date.now());
      const formatted = await v.page.evaluate(
        ([l, s]) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(s * 1000)),
        [locale, ts] as const,
      );
      expect(release).toContain(formatted);
      expect(release).toContain(available);
      // Not a link: nothing on the page leads to the unreleased chapter.
      expect(await v.page.locator(`a[href="/viewer/${UNRELEASED}"]`).count()).toBe(0);
      expect(await v.page.getByTestId('viewer-next-chapter').count()).toBe(0);
      // The banner list's heading in the reader's language.
      const heading = v.page.locator('.viewer-banners__title');
      await heading.waitFor();
      expect((await heading.textContent())?.trim()).toBe(recommended);
      if (locale === 'en-US' || locale === 'th-TH') await v.page.screenshot({ path: `${SHOTS}/end-${locale}.png` });
      // Never asked for #014 (no 403, nothing in the console).
      expect(v.viewerCalls.every((id) => id === String(LATEST))).toBe(true);
      expect(v.failures).toEqual([]);
      await v.ctx.close();
    });
  }

  it('a chapter not out yet: the alert, then a page with the header, home and no Retry', async () => {
    const v = await visit('en-US', `/viewer/${UNRELEASED}`);
    const error = v.page.getByTestId('viewer-error');
    await error.waitFor();
    expect(v.alerts).toEqual(['This chapter cannot be read at the moment. (10407)']);
    expect(await v.page.getByTestId('viewer-retry').count()).toBe(0);
    // The header: the logo and the app's name lead home.
    expect(await error.locator('header a[href="/updates"]').count()).toBe(2);
    expect(await error.locator('header').textContent()).toContain('Manga Reader');
    await v.page.screenshot({ path: `${SHOTS}/error-unreleased.png` });
    await v.page.getByTestId('viewer-back-home').click();
    await v.page.waitForURL('**/updates');
    await v.ctx.close();
  });

  it('a chapter that failed to load (network): Retry, the title it came from and home', async () => {
    const v = await visit('en-US', `/viewer/${LATEST}`);
    await toEnd(v.page);
    // The previous chapter from the chapter menu, while the network is down.
    await v.ctx.route('**/api/manga_viewer?*', (r) => r.abort());
    await v.page.getByTestId('viewer-chapter-button').click();
    await v.page.getByTestId('viewer-chapter-menu').getByRole('button', { name: '#012' }).click();
    const error = v.page.getByTestId('viewer-error');
    await error.waitFor();
    const titleLink = v.page.getByTestId('viewer-back-title');
    expect(await titleLink.getAttribute('href')).toMatch(/^\/titles\/\d+$/);
    expect(await v.page.getByTestId('viewer-back-home').count()).toBe(1);
    await v.page.screenshot({ path: `${SHOTS}/error-network.png` });
    await v.ctx.unroute('**/api/manga_viewer?*');
    await v.page.getByTestId('viewer-retry').click();
    await v.page.getByTestId('viewer-stage').waitFor();
    expect(new URL(v.page.url()).pathname).not.toBe(`/viewer/${LATEST}`);
    await v.ctx.close();
  });
});
