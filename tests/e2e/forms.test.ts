import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/**
 * The forms and toggles a reader uses (items 11, 12, 13, 18), in
 * Chromium against the shared demo server: the survey's "other" answer and
 * its copy, the feedback failure alert and disabled buttons that look
 * disabled, the language settings reloading on close, and a favorite that
 * never waits on the notification prompt. Screenshots go to
 * .tmp/screenshots/issue15/text/.
 */
const SHOTS = '.tmp/screenshots/issue15/text';

/** What makes a button look disabled: its opacity and cursor. */
function looks(button: Locator): Promise<{ opacity: number; cursor: string; disabled: boolean }> {
  return button.evaluate((b: HTMLButtonElement) => {
    const s = getComputedStyle(b);
    return { opacity: Number(s.opacity), cursor: s.cursor, disabled: b.disabled };
  });
}

describe('forms: survey, feedback, language settings, favorite', () => {
  const base = e2eBase();
  let browser: Browser;
  const errors: string[] = [];
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  async function page(): Promise<Page> {
    const ctx = await newContext(browser, 'desktop', base);
    const p = await ctx.newPage();
    p.on('pageerror', (e) => errors.push(`${p.url()}: ${e.message}`));
    return p;
  }

  it('item 11: a ticked, empty "Other" asks for its text, not "Please choose the answer."; "Required (up to 3)" once', async () => {
    const p = await page();
    await p.goto('/webview/questionnaire/eng/demo2026');
    const q2 = p.getByRole('group').nth(1);
    await q2.waitFor();
    expect(await q2.locator('legend').textContent()).toBe('2. Which genres do you read? Required (up to 3)');
    await q2.getByRole('checkbox', { name: 'Other' }).check();
    const alert = q2.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Please write your answer in the box.');
    const submit = p.getByRole('button', { name: 'Submit' });
    expect(await looks(submit)).toEqual({ opacity: 0.5, cursor: 'not-allowed', disabled: true });
    await p.screenshot({ path: `${SHOTS}/desktop-survey-other-empty.png` });
    await q2.getByRole('textbox').fill('Horror');
    await alert.waitFor({ state: 'detached' });
    await p.context().close();
  });

  it('item 12: a failed feedback send raises the alert dialog; a disabled Send looks disabled', async () => {
    const p = await page();
    await p.route('**/api/web/contact**', (r) => r.fulfill({ status: 500, body: '' }));
    await p.goto('/feedback');
    const send = p.getByRole('button', { name: 'Send' });
    await send.waitFor();
    // Disabled (no message): dimmed, no pointer; enabled: full colour, pointer.
    const off = await looks(send);
    expect(off.disabled).toBe(true);
    expect(off.opacity).toBeLessThanOrEqual(0.5);
    expect(off.cursor).toBe('not-allowed');
    await p.screenshot({ path: `${SHOTS}/desktop-feedback-send-disabled.png` });
    await p.getByRole('textbox').fill('The reader is great');
    expect(await looks(send)).toEqual({ opacity: 1, cursor: 'pointer', disabled: false });
    await send.click();
    const dialog = p.getByRole('alertdialog', { name: 'Error! Please wait a moment' });
    await dialog.waitFor();
    // An alert, not a line of text in the form.
    expect(await p.locator('.feedback-form [role="alert"]').count()).toBe(0);
    await p.screenshot({ path: `${SHOTS}/desktop-feedback-failed.png` });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await p.getByRole('textbox').inputValue()).toBe('The reader is great');
    await p.context().close();
  });

  it('item 13: closing the language settings without a change reloads the page', async () => {
    const p = await page();
    await p.goto('/manga_list/ongoing');
    await p.getByTestId('title-grid').locator('.title-card').first().waitFor();
    await p.evaluate(() => ((window as unknown as { beforeClose: boolean }).beforeClose = true));
    await p.getByRole('button', { name: 'Language settings' }).click();
    const dialog = p.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    const loaded = p.waitForEvent('load', { timeout: 0 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await loaded;
    // A new document: what the old one held is gone.
    expect(await p.evaluate(() => (window as unknown as { beforeClose?: boolean }).beforeClose)).toBeUndefined();
    await p.context().close();
  });

  it('item 18: the favorite is saved and the toggle settles before the notification prompt, which is never answered', async () => {
    const p = await page();
    // A prompt that is never answered; it records whether the favorite was already saved when it was asked.
    await p.addInitScript(() => {
      const w = window as unknown as { asked?: { putDone: boolean } };
      Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'default' });
      Notification.requestPermission = () => {
        w.asked = {
          putDone: performance.getEntriesByType('resource').some((e) => e.name.includes('/api/title_list/bookmark')),
        };
        return new Promise<NotificationPermission>(() => {});
      };
    });
    await p.goto('/manga_list/ongoing');
    await p.getByTestId('title-grid').locator('.title-card').first().click();
    await p.waitForURL(/\/titles\/\d+$/);
    await p.getByRole('button', { name: 'Add to favorites' }).click();
    await p.getByRole('button', { name: 'Favorited' }).waitFor();
    const asked = await p.waitForFunction(() => (window as unknown as { asked?: { putDone: boolean } }).asked, null, { timeout: 0 });
    expect(await asked.jsonValue()).toEqual({ putDone: true });
    // Still settled while the prompt is open.
    expect(await p.locator('.favorite').getAttribute('data-state')).toBe('subscribed');
    expect(await p.getByRole('button', { name: 'Favorited' }).isEnabled()).toBe(true);
    await p.context().close();
    expect(errors).toEqual([]);
  });
});
