import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleShared } from './base';
import { launchBrowser, newContext } from './harness';
import { newMember, seriousAxe, settled } from './consoleSupport';

/**
 * The console's home screens in Chromium, on the console server
 * the worker's files share (the demo catalog; tests/e2e/globalSetup.ts): an
 * owner (who holds every role) invited by its first owner enrols; an
 * announcement with a planted script is refused with the reason named and
 * nothing stored, a clean one is stored and shown back in a frame that runs
 * nothing; then axe and screenshots of the new screens in en and ja at phone
 * and desktop sizes (.tmp/screenshots/console-home/).
 */
const OWNER = { name: 'Olive Owner', password: 'violet-harbour-quietly-71' };
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/console-home');
/** The announcement's title: other files' announcements are on the shared server's list too. */
const TITLE = `Maintenance tonight ${Date.now().toString(36)}`;

let browser: Browser;
let ctx: BrowserContext;
let owner: Page;

beforeAll(async () => {
  const shared = consoleShared();
  browser = await launchBrowser();
  ctx = await newContext(browser, 'desktop', shared.url);
  owner = await ctx.newPage();
  await newMember(shared, owner, ['owner'], OWNER);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
});

describe('the console home screens', () => {
  it('an announcement with a planted script is refused and nothing is stored; a clean one is stored and shown back without running anything', async () => {
    await owner.goto('/console/announcements');
    await settled(owner, 'Announcements');
    // What the list holds before (the demo catalog's announcements, other files'), read as the screen shows it.
    const list = owner.locator('#console-main ul.c-list--stacked > li');
    const before = await list.allTextContents();
    await owner.getByRole('button', { name: 'New announcement' }).click();
    await owner.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await owner.getByLabel('HTML source').check();
    await owner
      .getByRole('textbox', { name: 'Text' })
      .fill('<p>Hello</p><script>window.__planted = 1</script><img src="x" onerror="window.__planted = 2">');
    await owner.getByLabel('Publish at').fill('2026-01-01T09:00');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Some fields are not valid.').waitFor({ timeout: 60_000 });
    await expect.poll(() => owner.locator('.c-errors').textContent(), { timeout: 60_000 }).toMatch(/script/i);
    // Nothing stored: the list once read again is what it was.
    await owner.reload();
    await settled(owner, 'Announcements');
    expect(await list.allTextContents()).toEqual(before);
    expect(before.join('\n')).not.toContain(TITLE);

    await owner.getByRole('button', { name: 'New announcement' }).click();
    await owner.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await owner.getByRole('textbox', { name: 'Text' }).click();
    await owner.keyboard.type('Reading pauses at 02:00.');
    await owner.getByLabel('Publish at').fill('2026-01-01T09:00');
    await owner.getByRole('button', { name: 'Save' }).click();
    const stored = owner.frameLocator('iframe[title^="As stored"]');
    await stored.getByText('Reading pauses at 02:00.').waitFor({ timeout: 60_000 });
    expect(await owner.evaluate(() => (window as { __planted?: number }).__planted)).toBeUndefined();
  }, 60_000);

  it('has no serious or critical axe finding on the new screens; screenshots in en and ja, phone and desktop', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const found: string[] = [];
    const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
    const screens = ['banners', 'featured', 'popups', 'announcements', 'news', 'surveys', 'preview', 'comments', 'feedback'];
    for (const lang of ['en', 'ja'] as const) {
      await owner.evaluate((l) => localStorage.setItem('console.lang', l), lang);
      for (const [kind, size] of Object.entries(sizes)) {
        await owner.setViewportSize(size);
        for (const slug of screens) {
          await owner.goto(`/console/${slug}`);
          await settled(owner);
          if (slug === 'banners' || slug === 'surveys')
            await owner.locator('#console-main button.c-button:not(.c-button--quiet)').first().click();
          await owner.evaluate(() => new Promise((r) => setTimeout(r, 300)));
          if (lang === 'en') found.push(...(await seriousAxe(owner, `${kind} ${slug}`)));
          await owner.screenshot({ path: path.join(SHOTS, `${lang}-${kind}-${slug}.png`), fullPage: true });
        }
      }
    }
    expect(found).toEqual([]);
  }, 240_000);
});
