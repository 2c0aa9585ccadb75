import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serious, until } from './readerSupport';
import { viewerBrowser } from './viewerBrowser';

/**
 * Reading profiles in Chromium on the real server, two linked devices: a phone links to a desktop with a
 * code; on the phone, in the viewer's header, the reader switches to the built-in "Webtoon (vertical)"
 * profile with the keyboard (the chapter reads vertically at once, the button says so and keeps the focus)
 * and saves the settings in use as a profile of their own; the desktop, opening the viewer, reads in that
 * profile and lists the phone's own. axe finds nothing serious or critical with the menu open, at phone and
 * desktop width; a Thai menu is looked at too. Screenshots: .tmp/screenshots/profiles/.
 */
const SHOTS = '.tmp/screenshots/profiles';
const CHAPTER = 1000013;

const stored = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('viewer_reader_profiles') ?? '{}') as { active?: string; profiles?: { name: string }[] },
  );
const frameMode = (page: Page) => page.locator('.viewer__frame').getAttribute('data-mode');

/** Opens the viewer and its profile menu (the bars shown first: they hide two seconds after the viewer opens). */
async function openMenu(page: Page): Promise<void> {
  const menu = page.getByTestId('profile-menu');
  for (let i = 0; !(await menu.isVisible()); i++) {
    if (i >= 20) throw new Error('the profile menu never opened');
    if ((await page.getByTestId('viewer-header').getAttribute('class'))?.includes('is-hidden')) await page.keyboard.press('m');
    await page
      .getByTestId('profile-button')
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
}

async function link(desk: Page, phone: Page): Promise<void> {
  await desk.goto('/link_device');
  await until(desk, 'a session', () => desk.evaluate(() => !!localStorage.getItem('session_id')));
  await desk.getByTestId('link-make-code').click();
  const code = (await desk.getByTestId('link-code').textContent())!;
  await phone.goto(`/link_device?code=${code.replace('-', '')}`);
  await phone.getByTestId('link-claim').click();
  await phone.getByTestId('link-waiting').waitFor();
  await desk.getByTestId('link-confirm').getByRole('button', { name: 'Confirm' }).click();
  await until(desk, 'two devices on the desktop', async () => (await desk.getByTestId('linked-device').count()) === 2);
  await until(phone, 'two devices on the phone', async () => (await phone.getByTestId('linked-device').count()) === 2);
}

describe('reading profiles across linked devices', () => {
  const vb = viewerBrowser(SHOTS);

  it('a profile switched on the phone reaches the linked desktop, with one the phone saved', async () => {
    const desk = await vb.open({ noHarness: true });
    const phone = await vb.open({ window: 'phone', noHarness: true });
    // The desktop reads across; the group starts with its settings.
    await desk.page.goto('/link_device');
    await desk.page.evaluate(() => localStorage.setItem('viewer_mode', 'horizontal'));
    await link(desk.page, phone.page);

    await phone.page.goto(`/viewer/${CHAPTER}`);
    await phone.page.getByTestId('viewer-stage').waitFor();
    await until(phone.page, 'reading across on the phone', async () => (await frameMode(phone.page)) === 'horizontal');
    await openMenu(phone.page);
    expect(await serious(phone.page)).toEqual([]);
    await phone.page.screenshot({ path: `${SHOTS}/menu-phone.png` });

    // With the keyboard: the focus is on the profile in use; Tab to the webtoon's, Enter.
    const webtoon = phone.page.getByRole('button', { name: 'Webtoon (vertical)' });
    expect(await phone.page.evaluate(() => document.activeElement?.textContent)).toBe('Manga (page by page)');
    await phone.page.keyboard.press('Tab');
    expect(await webtoon.evaluate((el) => el === document.activeElement)).toBe(true);
    await phone.page.keyboard.press('Enter');
    await until(phone.page, 'vertical on the phone', async () => (await frameMode(phone.page)) === 'vertical');
    const button = phone.page.getByTestId('profile-button');
    await until(
      phone.page,
      'the button names the webtoon profile',
      async () => (await button.textContent()) === 'Reading profile: Webtoon (vertical)',
    );
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await stored(phone.page)).active).toBe('webtoon');

    // The settings in use saved as the phone's own profile.
    await openMenu(phone.page);
    await phone.page.getByTestId('profile-save-as').click();
    await phone.page.getByRole('textbox', { name: 'Name of the new profile' }).fill('Train');
    await phone.page.getByTestId('profile-name-save').click();
    await phone.page.getByRole('button', { name: 'Train', pressed: true }).waitFor();
    expect(await serious(phone.page)).toEqual([]);
    await phone.page.keyboard.press('Escape');
    await until(phone.page, 'the menu closed', async () => (await phone.page.getByTestId('profile-menu').count()) === 0);

    // The desktop fetches the group's settings as its app starts: it reads in the phone's profile.
    await until(desk.page, "the phone's profile on the desktop", async () => {
      await desk.page.reload();
      const s = await stored(desk.page);
      return s.active === 'u1' && (s.profiles ?? []).some((p) => p.name === 'Train');
    });
    await desk.page.goto(`/viewer/${CHAPTER}`);
    await desk.page.getByTestId('viewer-stage').waitFor();
    await until(desk.page, 'vertical on the desktop', async () => (await frameMode(desk.page)) === 'vertical');
    expect(await desk.page.getByTestId('profile-button').textContent()).toBe('Reading profile: Train');
    await openMenu(desk.page);
    await desk.page.getByRole('button', { name: 'Train', pressed: true }).waitFor();
    expect(await serious(desk.page)).toEqual([]);
    await desk.page.screenshot({ path: `${SHOTS}/menu-desktop.png` });
    await desk.ctx.close();
    await phone.ctx.close();
  });

  it('the menu in Thai, at phone width, with a name refused', async () => {
    const { ctx, page } = await vb.open({ window: 'phone', noHarness: true });
    await page.goto('/link_device');
    await page.evaluate(() => {
      localStorage.setItem('service_lang', 'tha');
      document.cookie = 'mr_lang=tha; path=/';
    });
    await page.goto(`/viewer/${CHAPTER}`);
    await page.getByTestId('viewer-stage').waitFor();
    await openMenu(page);
    await page.getByTestId('profile-save-as').click();
    await page.getByTestId('profile-name-save').click();
    await page.getByTestId('profile-name-problem').waitFor();
    expect(await page.getByTestId('profile-name-problem').textContent()).toBe('ตั้งชื่อให้โปรไฟล์');
    expect(await serious(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/menu-thai-phone.png` });
    await ctx.close();
  });
});
