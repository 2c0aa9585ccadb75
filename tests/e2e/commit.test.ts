import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/** Where a reader commits: favorites remove/undo across a reload, comment likes and sort, the survey to completion. */
describe('favorites, comments and the survey in Chromium', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('favorite from a title, see it on /favorited, remove, undo, reload and find it still there', async () => {
    const ctx = await newContext(browser, 'phone', base);
    const page = await ctx.newPage();
    await page.goto(`${base}/titles/100010`);
    const name = (await page.locator('.title-hero__name').textContent())!;
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await page.getByRole('button', { name: 'Favorited' }).waitFor();
    await page.goto(`${base}/favorited`);
    const item = page.locator('.favorite-item', { hasText: name });
    await item.getByRole('button', { name: 'REMOVE' }).click();
    await item.getByRole('button', { name: 'UNDO' }).waitFor();
    expect(await item.getAttribute('class')).toContain('favorite-item--removed');
    await item.getByRole('button', { name: 'UNDO' }).click();
    await item.getByRole('button', { name: 'REMOVE' }).waitFor();
    await page.reload();
    await page.locator('.favorite-item', { hasText: name }).getByRole('button', { name: 'REMOVE' }).waitFor();
    // Removed and reloaded: gone, and the empty bookshelf says so.
    await page.locator('.favorite-item', { hasText: name }).getByRole('button', { name: 'REMOVE' }).click();
    await page.locator('.favorite-item', { hasText: name }).getByRole('button', { name: 'UNDO' }).waitFor();
    await page.reload();
    await page.getByTestId('empty-bookshelf').waitFor();
    await page.screenshot({ path: '.tmp/screenshots/e2e-favorited-empty.png' });
    await ctx.close();
  });

  it('like and unlike a comment, switch the sort', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const page = await ctx.newPage();
    const detail = (await (await page.request.get(`${base}/api/title_detailV3?format=json&title_id=100001`)).json()) as {
      success: { titleDetailView: { chapterListGroup: Array<{ firstChapterList: Array<{ chapterId: number }> }> } };
    };
    const ch = detail.success.titleDetailView.chapterListGroup[0].firstChapterList[0].chapterId;
    await page.goto(`${base}/comments/${ch}`);
    const last = page.locator('.comment').last();
    await last.waitFor();
    const likes = async () => (await last.locator('.comment__likes').textContent())!;
    const before = await likes();
    await last.getByRole('button').click();
    await page.waitForFunction(
      (b) =>
        document.querySelectorAll('.comment')[document.querySelectorAll('.comment').length - 1].querySelector('.comment__likes')!
          .textContent !== b,
      before,
    );
    expect(await last.getByRole('button').getAttribute('aria-pressed')).toBe('true');
    if (/^\d+$/.test(before)) expect(Number(await likes())).toBe(Number(before) + 1);
    await last.getByRole('button').click();
    await page.waitForFunction(
      (b) =>
        document.querySelectorAll('.comment')[document.querySelectorAll('.comment').length - 1].querySelector('.comment__likes')!
          .textContent === b,
      before,
    );
    expect(await last.getByRole('button').getAttribute('aria-pressed')).toBe('false');
    const order = () => page.locator('.comment').evaluateAll((els) => els.map((e) => e.getAttribute('data-comment-id')));
    const byLikes = await order();
    await page.getByRole('tab', { name: 'Latest' }).click();
    await page.waitForFunction(() => document.querySelector('.comment-list')?.getAttribute('data-sort') === 'latest');
    expect(await order()).not.toEqual(byLikes);
    await page.getByRole('tab', { name: 'Likes' }).click();
    await page.waitForFunction(() => document.querySelector('.comment-list')?.getAttribute('data-sort') === 'likes');
    expect(await order()).toEqual(byLikes);
    await ctx.close();
  });

  it('answers the survey through every validation message to completion, then sees "already answered"', async () => {
    const ctx = await newContext(browser, 'phone', base);
    const page = await ctx.newPage();
    await page.goto(`${base}/webview/questionnaire/eng/demo2026?os=web&app_ver=1&os_ver=1&secret=x`);
    const groups = page.getByRole('group');
    await groups.first().waitFor();
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    const q2 = groups.nth(1);
    // Too many: four of at most three.
    for (const n of ['Action', 'Romance', 'Comedy', 'Fantasy']) await q2.getByRole('checkbox', { name: n }).click();
    await q2.getByText('please answer up to 3 answers.').waitFor();
    // None: the multi-choice question with nothing chosen.
    for (const n of ['Action', 'Romance', 'Comedy', 'Fantasy']) await q2.getByRole('checkbox', { name: n }).click();
    await q2.getByRole('checkbox', { name: 'Other' }).click();
    await q2.getByRole('checkbox', { name: 'Other' }).click();
    await q2.getByText('Please choose the answer.').waitFor();
    // A valid form.
    await groups.nth(0).getByRole('radio', { name: 'A friend' }).click();
    await q2.getByRole('checkbox', { name: 'Action' }).click();
    await q2.getByRole('checkbox', { name: 'Other' }).click();
    await q2.getByRole('textbox').fill('Horror');
    await groups.nth(2).getByRole('radio', { name: 'Phone' }).click();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByText('Survey completed!').waitFor();
    await page.reload();
    await page.getByText('Survey already taken').waitFor();
    await page.screenshot({ path: '.tmp/screenshots/e2e-survey-answered.png' });
    await ctx.close();
  });
});
