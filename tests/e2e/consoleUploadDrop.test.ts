import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleShared } from './base';
import { launchBrowser, newContext } from './harness';
import { newMember, seriousAxe, settled, type SharedConsole } from './consoleSupport';
import { newDraft, pageImage, seriesWithTwoLanguages, type UploadFile } from './consoleCatalogSupport';

/**
 * Issue 47 in Chromium, on the shared console server: files dropped on a chapter's upload panel are sent at once
 * (no Upload to press), a landscape page among them becomes a double page as `npm run import` makes it, undone with
 * one click on its card; "Ask before uploading", kept for this browser, brings the confirm step back. Screenshots of
 * the upload panel and the staff screen in English, Thai (the console speaks English there: Thai content) and
 * Japanese, at 1440x900 and 390x844.
 */
const EDITOR = { name: 'Dee Dropper', password: 'silver-harbour-kindly-71' };
const OWNER = { name: 'Oona Owner', password: 'velvet-orchard-calmly-39' };
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/console-upload-drop');

let server: SharedConsole;
let browser: Browser;
const contexts: BrowserContext[] = [];
let editor: Page, owner: Page;
let titleId = 0;

async function page() {
  const ctx = await newContext(browser, 'desktop', server.url);
  contexts.push(ctx);
  return ctx.newPage();
}

/** A landscape page (wider than 1.2 x its height): processed as a double page. */
async function landscape(name: string): Promise<UploadFile> {
  const buffer = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Drops the files on the upload panel as a browser does (a drop event with a DataTransfer of them). */
async function drop(p: Page, files: UploadFile[]) {
  const data = files.map((f) => ({ name: f.name, type: f.mimeType, b64: f.buffer.toString('base64') }));
  const dt = await p.evaluateHandle((list) => {
    const t = new DataTransfer();
    for (const f of list) t.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    return t;
  }, data);
  await p.locator('.c-drop').dispatchEvent('dragover', { dataTransfer: dt });
  await p.locator('.c-drop').dispatchEvent('drop', { dataTransfer: dt });
}

/** Records, in the page, whether an Upload button was ever drawn in the upload panel. */
const watchForUploadButton = (p: Page) =>
  p.evaluate(() => {
    const w = window as unknown as { __uploadShown: boolean };
    w.__uploadShown = false;
    const look = () => {
      const buttons = [...document.querySelectorAll('.c-upload button')];
      if (buttons.some((b) => b.textContent?.trim() === 'Upload')) w.__uploadShown = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

const pagesOf = async (p: Page, id: number) =>
  ((await (await p.request.get(`/console/api/chapters/${id}`)).json()) as { pages: { name: string; type: number }[] }).pages;

beforeAll(async () => {
  server = consoleShared();
  browser = await launchBrowser();
  [editor, owner] = await Promise.all([page(), page()]);
  await newMember(server, editor, ['editor'], EDITOR);
  await newMember(server, owner, ['owner'], OWNER);
  const series = await seriesWithTwoLanguages(editor);
  titleId = series.titles.find((x) => x.language === 'en')!.id;
}, 240_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('uploads on drop and wide pages made double', () => {
  let chapterId = 0;

  it('dropped files are sent without pressing Upload; the landscape page is a double page, undone with one click', async () => {
    chapterId = await newDraft(editor, titleId, 'Dropped straight in');
    await watchForUploadButton(editor);
    await drop(editor, [await pageImage(1, 'drop'), await landscape('drop-02-spread.png'), await pageImage(3, 'drop')]);
    await editor.getByText('The pages are on the board.').waitFor({ timeout: 120_000 });
    expect(await editor.evaluate(() => (window as unknown as { __uploadShown: boolean }).__uploadShown)).toBe(false);
    await editor.getByRole('heading', { name: 'Pages (3)' }).waitFor();
    expect((await pagesOf(editor, chapterId)).map((p) => p.type)).toEqual([0, 3, 0]);

    const card = editor.locator('.c-board__page').nth(1);
    await card.getByText('Wide: made a double page').waitFor();
    expect(await card.getByRole('combobox').inputValue()).toBe('DOUBLE');
    expect(await editor.locator('.c-board__page').nth(0).locator('.c-board__wide').count()).toBe(0);
    await card.getByRole('button', { name: 'Page 2 was made a double page because it is wide: make it a single page' }).click();
    await card.getByText('Wide: not a double page').waitFor();
    expect(await card.getByRole('combobox').inputValue()).toBe('SINGLE');
    expect((await pagesOf(editor, chapterId)).map((p) => p.type)).toEqual([0, 0, 0]);
    // And back, with one click.
    await card.getByRole('button', { name: 'Make page 2 a double page' }).click();
    await card.getByText('Wide: made a double page').waitFor();
    expect((await pagesOf(editor, chapterId)).map((p) => p.type)).toEqual([0, 3, 0]);
  }, 180_000);

  it('"Ask before uploading" is kept for this browser: dropped files then wait for Upload', async () => {
    const id = await newDraft(editor, titleId, 'Dropped and confirmed');
    const box = editor.getByRole('checkbox', { name: /^Ask before uploading/ });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await editor.reload();
    await settled(editor, 'Chapter: Dropped and confirmed');
    expect(await editor.getByRole('checkbox', { name: /^Ask before uploading/ }).isChecked()).toBe(true);
    await drop(editor, [await pageImage(1, 'wait')]);
    const start = editor.getByRole('button', { name: 'Upload', exact: true });
    await start.waitFor();
    await editor.getByRole('button', { name: 'Remove wait-01.png' }).waitFor();
    expect(await pagesOf(editor, id)).toEqual([]);
    await start.click();
    await editor.getByText('The pages are on the board.').waitFor({ timeout: 120_000 });
    expect((await pagesOf(editor, id)).map((p) => p.name)).toEqual(['wait-01.png']);
    // Back to the default for the screens below.
    await editor.getByRole('checkbox', { name: /^Ask before uploading/ }).uncheck();
  }, 180_000);

  it('screenshots: the upload panel and the staff screen in en, th and ja, desktop and phone; no serious axe finding', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // A chapter with a Thai name and pages waiting (the confirm step on), so the panel shows its queue.
    const thai = await newDraft(editor, titleId, 'ตอนที่ 1: ท่าเรือยามรุ่งอรุณ');
    const invite = owner.locator('section[aria-labelledby="invite"]');
    await owner.goto('/console/staff');
    await settled(owner, 'Staff');
    await invite.getByLabel('Email').fill(`somchai-${thai}@example.com`);
    await invite.getByRole('checkbox', { name: 'Editor' }).check();
    await invite.getByRole('button', { name: 'Invite and e-mail the link' }).click();
    // The shared server has no SMTP server: the mail is saved in its mail folder, and said so.
    await owner.getByText(/^No mail server is set up, so the e-mail to somchai-/).waitFor();
    await owner.getByRole('button', { name: `Withdraw the invitation of somchai-${thai}@example.com` }).click();
    await owner
      .getByText(/· withdrawn /)
      .first()
      .waitFor();
    const found: string[] = [];
    const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
    for (const lang of ['en', 'th', 'ja'] as const) {
      for (const p of [editor, owner]) await p.evaluate((l) => localStorage.setItem('console.lang', l), lang);
      await editor.evaluate((on) => localStorage.setItem('console.uploadConfirm', on), '1');
      for (const [kind, size] of Object.entries(sizes)) {
        await editor.setViewportSize(size);
        await editor.goto(`/console/chapters/${thai}`);
        await settled(editor);
        await drop(editor, [await pageImage(1, 'หน้า'), await landscape('หน้า-02-สองหน้า.png')]);
        await editor.locator('.c-upload__file').nth(1).waitFor();
        if (kind === 'desktop') found.push(...(await seriousAxe(editor, `upload-${lang}`)));
        await editor.locator('.c-upload').screenshot({ path: path.join(SHOTS, `${lang}-${kind}-upload.png`) });
        await owner.setViewportSize(size);
        await owner.goto('/console/staff');
        await settled(owner);
        // An invitation just made: its link shown with what became of its mail.
        await invite
          .getByLabel({ en: 'Email', th: 'อีเมล', ja: 'メールアドレス' }[lang], { exact: true })
          .fill(`${lang}-${kind}-${thai}@example.com`);
        await invite.locator('input[type="checkbox"]').nth(1).check();
        await invite.getByRole('button').last().click();
        await owner.locator('pre[aria-label]').waitFor();
        await owner.waitForLoadState('networkidle');
        if (kind === 'desktop') found.push(...(await seriousAxe(owner, `staff-${lang}`)));
        await owner.screenshot({ path: path.join(SHOTS, `${lang}-${kind}-staff.png`), fullPage: true });
      }
    }
    // The board with the wide page made double, in English at desktop width.
    for (const p of [editor, owner]) await p.evaluate(() => localStorage.setItem('console.lang', 'en'));
    await editor.evaluate(() => localStorage.removeItem('console.uploadConfirm'));
    await editor.setViewportSize(sizes.desktop);
    await editor.goto(`/console/chapters/${chapterId}`);
    await settled(editor);
    await editor.locator('section[aria-labelledby="board-title"]').screenshot({ path: path.join(SHOTS, 'en-desktop-board.png') });
    expect(found).toEqual([]);
  }, 300_000);
});
