import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import type { Static } from '@sinclair/typebox';
import type { PreviewLink as PreviewLinkSchema } from '../../core/console/schemas/catalog';
import { PHONE, launchBrowser, newContext } from './harness';
import { enrolFirstOwner, settled, startConsoleServer } from './consoleSupport';
import { newDraft, pageImage, seriesWithTwoLanguages, upload } from './consoleCatalogSupport';

/**
 * A chapter's preview link expires, seen in Chromium on a server of its own whose links live
 * LIFETIME seconds (CONSOLE_PREVIEW_SECONDS; 15 minutes otherwise): before then the link opens the draft in
 * the reader's own viewer with its art; after, the same link in a signed-in staff member's browser says the
 * link expired, on a page with a way back to the console (not a blank one), in the reader's language, and no
 * page image of the draft is served.
 * The wait is the server's: the test asks it until it calls the link expired, bounded.
 * Not on the console server the worker's files share (tests/e2e/globalSetup.ts): the lifetime is a setting of the
 * server's, and links of 15 seconds would expire under consoleCatalog.test.ts's preview checks there.
 */
const LIFETIME = 15;
const OWNER = { email: 'owner@example.com', name: 'Olive Owner', password: 'violet-harbour-quietly-71' };
const NAME = 'Preview expiry';
const EXPIRED = 'This preview link has expired or is not valid. Preview the chapter again from the console.';
const EXPIRED_FR = "Ce lien d'aperçu a expiré ou n'est pas valide. Relancez l'aperçu du chapitre depuis la console.";
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/console-preview-expiry');

let server: Awaited<ReturnType<typeof startConsoleServer>>;
let browser: Browser;
let ctx: BrowserContext;
let owner: Page;
let link: PreviewLink;

type PreviewLink = Static<typeof PreviewLinkSchema>;
const chapterOf = (l: PreviewLink) => Number(/\/viewer\/(\d+)/.exec(l.url)![1]);

/** The draft's page images (the preview's own route, or a reader's image route for this chapter) this page was answered. */
function pageImages(page: Page, chapterId: number) {
  const seen: Array<{ url: string; status: number }> = [];
  const art = new RegExp(`/console/api/preview/[^/]+/page/|/img/page/${chapterId}/`);
  page.on('response', (r: Response) => {
    if (art.test(r.url())) seen.push({ url: r.url(), status: r.status() });
  });
  return seen;
}

beforeAll(async () => {
  server = await startConsoleServer({ catalog: true, env: { CONSOLE_PREVIEW_SECONDS: String(LIFETIME) } });
  browser = await launchBrowser();
  ctx = await newContext(browser, 'desktop', server.url);
  owner = await ctx.newPage();
  // The first owner holds every role, an editor's included.
  await enrolFirstOwner(owner, server.firstOwnerLink, OWNER);
  const series = await seriesWithTwoLanguages(owner);
  await newDraft(owner, series.titles.find((x) => x.language === 'en')!.id, NAME);
  await upload(owner, 'Images', [await pageImage(1), await pageImage(2)]);
  await owner.getByRole('heading', { name: 'Pages (2)' }).waitFor();
}, 240_000);

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
});

describe('a preview link expires', () => {
  it("before its time the link opens the draft in the reader's viewer, its art served", async () => {
    const made = owner.waitForResponse((r) => r.request().method() === 'POST' && /\/console\/api\/preview\/\d+$/.test(r.url()));
    const [viewer] = await Promise.all([ctx.waitForEvent('page'), owner.getByRole('button', { name: 'Preview as a reader' }).click()]);
    link = (await (await made).json()) as PreviewLink;
    const art = pageImages(viewer, chapterOf(link));
    await viewer.waitForURL(/\/viewer\/\d+\?preview=/);
    await viewer.getByText(NAME).first().waitFor();
    // The viewer's own count: pages, not items (the two pages; the last page is no page).
    await viewer.getByText('1 / 2').waitFor();
    await expect.poll(() => art.some((a) => a.status === 200 && /\/page\/0\//.test(a.url))).toBe(true);
    expect(link.expiresAt - LIFETIME).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    // All of it happened before the link's time.
    expect(Date.now()).toBeLessThan(link.expiresAt * 1000);
    await viewer.close();
  }, 60_000);

  it('after its time the same link says it expired, with a way on, and no page image of the draft is served', async () => {
    // The server's own clock decides: ask it (as the console does) until the link is past.
    await expect
      .poll(async () => (await owner.request.get(`/console/api/preview/${link.token}`)).status(), {
        timeout: (LIFETIME + 30) * 1000,
        interval: 1000,
      })
      .toBe(404);
    expect(Date.now()).toBeGreaterThanOrEqual(link.expiresAt * 1000);
    const viewer = await ctx.newPage();
    const art = pageImages(viewer, chapterOf(link));
    const alerts: string[] = [];
    viewer.on('dialog', (d) => void (alerts.push(d.message()), d.dismiss()));
    await viewer.goto(link.url);
    const shown = viewer.getByTestId('viewer-error').getByRole('alert');
    await shown.waitFor();
    expect(await shown.locator('.viewer-error__text').textContent()).toBe(EXPIRED);
    // The alert the viewer raises on a failed load says it too, in the server's words (with the error's code).
    expect(alerts).toEqual([`${EXPIRED} (10412)`]);
    // No Retry (retrying cannot bring an expired link back); a way back to the chapter in the console.
    expect(await viewer.getByTestId('viewer-retry').count()).toBe(0);
    expect(await viewer.getByTestId('viewer-back-home').isVisible()).toBe(true);
    const back = viewer.getByRole('link', { name: 'Back to the console' });
    expect(await back.isVisible()).toBe(true);
    await viewer.waitForLoadState('networkidle');
    mkdirSync(SHOTS, { recursive: true });
    await viewer.screenshot({ path: path.join(SHOTS, 'en-desktop-expired-preview.png') });
    expect(art.filter((a) => a.status < 300)).toEqual([]);
    // Asked for directly with the staff session, the draft's art is refused too.
    expect((await owner.request.get(`/console/api/preview/${link.token}/page/0/high.webp`)).status()).toBe(404);
    await back.click();
    await settled(viewer, `Chapter: ${NAME}`);
    expect(new URL(viewer.url()).pathname).toBe(`/console/chapters/${chapterOf(link)}`);
    await viewer.close();
  }, 120_000);

  it("the expired link is said in the reader's language (French, a phone)", async () => {
    const fr = await browser.newContext({ ...PHONE, baseURL: server.url, locale: 'fr-FR' });
    try {
      const viewer = await fr.newPage();
      viewer.on('dialog', (d) => void d.dismiss());
      const art = pageImages(viewer, chapterOf(link));
      await viewer.goto(link.url);
      const text = viewer.getByTestId('viewer-error').locator('.viewer-error__text');
      await text.waitFor({ timeout: 60_000 });
      expect(await text.textContent()).toBe(EXPIRED_FR);
      expect(await viewer.getByRole('link', { name: 'Retour à la console' }).isVisible()).toBe(true);
      await viewer.waitForLoadState('networkidle');
      await viewer.screenshot({ path: path.join(SHOTS, 'fr-phone-expired-preview.png') });
      expect(art.filter((a) => a.status < 300)).toEqual([]);
    } finally {
      await fr.close();
    }
  }, 60_000);
});
