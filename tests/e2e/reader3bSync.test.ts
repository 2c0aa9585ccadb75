import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serious, until } from './readerSupport';
import { viewerBrowser, viewerItemsShown } from './viewerBrowser';

/**
 * Page bookmarks with a note and linking a device in Chromium on
 * the real server: a bookmark made in the viewer is in the chapter menu (and
 * jumps there), on /history and on the title page, and one made offline
 * reaches the server when the browser is back online; a desktop shows a code,
 * a phone types it, the desktop confirms, and the phone then sees the
 * desktop's bookmarks and reader settings, and a setting changed on the phone
 * reaches the desktop; unlinked, it holds nothing of them. axe finds nothing
 * serious on the viewer's tools, the bookmark dialog or /link_device.
 * Screenshots: .tmp/screenshots/issue29/.
 */
const SHOTS = '.tmp/screenshots/issue29';
const CHAPTER = 1000013;

const position = (page: Page) => page.evaluate(() => window.__viewerDebug?.position().index ?? -1);

describe('page bookmarks and linked devices', () => {
  const vb = viewerBrowser(SHOTS);

  it('bookmarks a page with a note: the chapter menu jumps to it, /history and the title page list it, offline too', async () => {
    const { ctx, page } = await vb.open();
    await page.goto(`/viewer/${CHAPTER}`);
    await viewerItemsShown(page);
    await page.keyboard.press('PageDown');
    const at = await position(page);
    await page.getByTestId('page-bookmark-button').click();
    await page.getByTestId('page-bookmark-note').fill('the reveal');
    expect(await serious(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/bookmark-dialog.png` });
    await page.getByTestId('page-bookmark-save').click();
    await until(
      page,
      'the bookmark pressed',
      async () => (await page.getByTestId('page-bookmark-button').getAttribute('aria-pressed')) === 'true',
    );
    expect(await serious(page)).toEqual([]);

    // Elsewhere in the chapter, the chapter menu lists it and goes back there.
    await page.keyboard.press('End');
    await until(page, 'the end', async () => (await position(page)) > at);
    await page.keyboard.press('c');
    const menu = page.getByTestId('viewer-chapter-menu');
    await menu.getByText('the reveal').waitFor();
    await menu.getByTestId('page-bookmark').getByRole('button').first().click();
    await until(page, 'back at the bookmark', async () => (await position(page)) === at);

    const titleHref = (await page.getByTestId('viewer-title-link').getAttribute('href'))!;
    await page.goto('/history');
    const onHistory = page.getByTestId('page-bookmarks').getByTestId('page-bookmark');
    await onHistory.getByText('the reveal').waitFor();
    await page.goto(titleHref);
    await page.getByTestId('page-bookmarks').getByText('the reveal').waitFor();

    // Offline: the list stays; a removal waits and reaches the server back online.
    await ctx.setOffline(true);
    await page
      .getByTestId('page-bookmarks')
      .getByRole('button', { name: /Remove bookmark/ })
      .click();
    await page.getByTestId('page-bookmarks').getByText('No page bookmarks yet.').waitFor();
    await ctx.setOffline(false);
    await until(page, 'the server without it', async () =>
      page.evaluate(async () => {
        const r = await fetch('/api/page_bookmarks?format=json', {
          headers: { 'SESSION-TOKEN': localStorage.getItem('session_id') ?? '' },
        });
        return !(await r.text()).includes('reveal');
      }),
    );
    await ctx.close();
  });

  it('links a phone to a desktop with a code, shares the bookmarks, and unlinks it', async () => {
    const desk = await vb.open({ noHarness: true });
    const phone = await vb.open({ window: 'phone', noHarness: true });
    // The desktop has a bookmark (made through the API as the viewer makes it).
    await desk.page.goto('/link_device');
    await until(desk.page, 'a session', () => desk.page.evaluate(() => !!localStorage.getItem('session_id')));
    const made = await desk.page.evaluate(async () => {
      const r = await fetch('/api/page_bookmarks?chapter_id=1000013&item=0&page=1&page_count=2&note=from%20the%20desk', {
        method: 'POST',
        headers: { 'SESSION-TOKEN': localStorage.getItem('session_id') ?? '' },
      });
      return r.status;
    });
    expect(made).toBe(200);
    // A reader setting of the desktop's (as the viewer stores it), which the group starts with.
    await desk.page.evaluate(() => localStorage.setItem('viewer_mode', 'horizontal'));

    await desk.page.getByTestId('link-make-code').click();
    const code = (await desk.page.getByTestId('link-code').textContent())!;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await serious(desk.page)).toEqual([]);
    await desk.page.screenshot({ path: `${SHOTS}/link-code.png` });

    // The QR code's link opens the phone's page with the code filled in.
    await phone.page.goto(`/link_device?code=${code.replace('-', '')}`);
    await phone.page.getByTestId('link-claim').click();
    await phone.page.getByTestId('link-waiting').waitFor();
    await desk.page.getByTestId('link-confirm').waitFor();
    await desk.page.getByTestId('link-confirm').getByRole('button', { name: 'Confirm' }).click();
    await until(desk.page, 'two devices on the desktop', async () => (await desk.page.getByTestId('linked-device').count()) === 2);
    await until(phone.page, 'two devices on the phone', async () => (await phone.page.getByTestId('linked-device').count()) === 2);
    expect(await serious(phone.page)).toEqual([]);
    await phone.page.screenshot({ path: `${SHOTS}/link-phone-linked.png` });

    await phone.page.goto('/history');
    await phone.page.getByTestId('page-bookmarks').getByText('from the desk').waitFor();

    // The phone took the desktop's reader settings as it joined; one it changes (the direction key in the viewer)
    // reaches the desktop, whose app fetches it as it starts.
    const mode = (p: Page) => p.evaluate(() => localStorage.getItem('viewer_mode'));
    await until(phone.page, "the desktop's viewer mode on the phone", async () => (await mode(phone.page)) === 'horizontal');
    await phone.page.goto(`/viewer/${CHAPTER}`);
    await phone.page.getByTestId('viewer-stage').waitFor();
    await phone.page.keyboard.press('d');
    await until(phone.page, 'vertical on the phone', async () => (await mode(phone.page)) === 'vertical');
    await until(desk.page, "the phone's viewer mode on the desktop", async () => {
      await desk.page.reload();
      return (await mode(desk.page)) === 'vertical';
    });
    await until(desk.page, 'two devices on the desktop again', async () => (await desk.page.getByTestId('linked-device').count()) === 2);
    await phone.page.goto('/history');
    await phone.page.getByTestId('page-bookmarks').getByText('from the desk').waitFor();

    // The desktop unlinks the phone: the phone holds nothing of the desktop's.
    // (The phone's row: both are "Chrome · Linux", listed in the order of their random ids.)
    await desk.page
      .getByTestId('linked-device')
      .filter({ hasNotText: 'this device' })
      .getByRole('button', { name: /Unlink/ })
      .click();
    await until(desk.page, 'one device on the desktop', async () => (await desk.page.getByTestId('linked-device').count()) === 1);
    await phone.page.reload();
    await phone.page.getByTestId('page-bookmarks').getByText('No page bookmarks yet.').waitFor();
    expect(await phone.page.getByText('from the desk').count()).toBe(0);
    // The code is spent: typing it again is refused.
    await phone.page.goto(`/link_device?code=${code.replace('-', '')}`);
    await phone.page.getByTestId('link-claim').click();
    await phone.page.getByTestId('link-error').waitFor();
    await desk.ctx.close();
    await phone.ctx.close();
  });
});
