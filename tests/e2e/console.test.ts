import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { seriousAxe, settled, startConsoleServer, totpCode } from './consoleSupport';

/**
 * The publisher's console in Chromium: a first owner enrols from
 * the link the server prints, with an authenticator app; an analyst enrols
 * with a passkey (Chromium's virtual authenticator, through the DevTools
 * protocol); each signs out and in; the analyst cannot reach a catalog write;
 * the owner disables the analyst, whose open tab is then signed out. Then axe
 * on every main screen at phone and desktop sizes, and screenshots in English
 * and Japanese to .tmp/screenshots/console/.
 * On a server of its own (no catalog): the first-owner walk needs a server with no staff, which the console
 * server the worker's other files share (tests/e2e/globalSetup.ts) has left behind at its setup.
 */
const OWNER = { email: 'owner@example.com', name: 'Olive Owner', password: 'violet-harbour-quietly-71' };
const ANALYST = { email: 'analyst@example.com', name: 'Ana Lyst', password: 'copper-lantern-meadow-38' };
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/console');

let server: Awaited<ReturnType<typeof startConsoleServer>>;
let browser: Browser;
const contexts: BrowserContext[] = [];
let owner: Page;
let analyst: Page;
let ownerSecret = '';

async function openPage(kind: 'phone' | 'desktop' = 'desktop'): Promise<Page> {
  const ctx = await newContext(browser, kind, server.url);
  contexts.push(ctx);
  return ctx.newPage();
}

async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

async function signInWithPassword(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/console/sign-in');
  await settled(page, 'Sign in to the console');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Second step' }).waitFor();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
}

beforeAll(async () => {
  server = await startConsoleServer();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

describe('the publisher console', () => {
  it('a first owner enrols from the printed link with an authenticator app, then signs out and in again', async () => {
    owner = await openPage();
    await owner.goto(server.firstOwnerLink);
    await settled(owner, 'Join the console');
    await owner.getByLabel('Email').fill(OWNER.email);
    await owner.getByLabel('Your name').fill(OWNER.name);
    await owner.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await owner.getByLabel('Authenticator app (6-digit codes)').check();
    await owner.getByRole('button', { name: 'Continue' }).click();
    const secret = owner.getByTestId('totp-secret');
    await secret.waitFor();
    ownerSecret = (await secret.textContent())!.trim();
    await owner.getByLabel('6-digit code').fill(totpCode(ownerSecret));
    await owner.getByRole('button', { name: 'Confirm' }).click();
    await owner.getByRole('heading', { name: 'Recovery codes' }).waitFor();
    const codes = (await owner.locator('pre[aria-label="Recovery codes"]').textContent())!.trim().split('\n');
    expect(codes).toHaveLength(10);
    await owner.getByRole('button', { name: 'I have saved my codes' }).click();
    await settled(owner, `Welcome, ${OWNER.name}`);

    await signOut(owner);
    await signInWithPassword(owner, OWNER);
    // The enrolment used this step's code, and a code is accepted once: the authenticator's next one (±1 step).
    await owner.getByLabel('6-digit code from your authenticator app').fill(totpCode(ownerSecret, 1));
    await owner.getByRole('button', { name: 'Verify' }).click();
    await settled(owner, `Welcome, ${OWNER.name}`);
  }, 90_000);

  // SKIPPED, not done: in Chromium the Staff screen's invite form keeps being detached and re-rendered
  // (Playwright: "element was detached from the DOM, retrying" on the role checkbox), so the invite
  // step times out; the steps below are written but have never passed. See the report of branch console2.
  it('the owner invites an analyst, who enrols with a passkey and signs out and in with it', async () => {
    await owner.getByRole('navigation').getByRole('link', { name: 'Staff' }).click();
    await settled(owner, 'Staff');
    const invite = owner.locator('section[aria-labelledby="invite"]');
    await invite.getByLabel('Email').fill(ANALYST.email);
    await invite.getByRole('checkbox', { name: 'Analyst' }).check();
    await invite.getByRole('button', { name: 'Invite and e-mail the link' }).click();
    const linkBox = owner.locator('pre[aria-label^="Enrolment link"]');
    await linkBox.waitFor();
    const link = (await linkBox.textContent())!.trim();
    expect(link).toMatch(/\/console\/enrol\//);

    analyst = await openPage();
    await virtualAuthenticator(analyst);
    await analyst.goto(link);
    await settled(analyst, 'Join the console');
    await analyst.getByText(`Invitation for ${ANALYST.email}`).waitFor();
    await analyst.getByLabel('Your name').fill(ANALYST.name);
    await analyst.getByLabel('Password', { exact: true }).fill(ANALYST.password);
    await analyst.getByLabel('Passkey (this device or a security key)').check();
    await analyst.getByRole('button', { name: 'Continue' }).click();
    await settled(analyst, `Welcome, ${ANALYST.name}`);

    await signOut(analyst);
    await signInWithPassword(analyst, ANALYST);
    await analyst.getByLabel('Passkey', { exact: true }).check();
    await analyst.getByRole('button', { name: 'Use passkey' }).click();
    await settled(analyst, `Welcome, ${ANALYST.name}`);
  }, 90_000);

  it('the analyst cannot reach a catalog write: not in the nav, the page refuses, the API answers 403', async () => {
    const nav = analyst.getByRole('navigation');
    await nav.getByRole('link', { name: 'Statistics' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Catalog titles' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    await analyst.goto('/console/catalog/titles');
    await settled(analyst, 'Your roles do not include this area.');
    const answer = await analyst.evaluate(async () => {
      const r = await fetch('/console/api/catalog/titles/1', {
        method: 'PATCH',
        headers: { 'x-console-request': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Changed', version: 1 }),
      });
      return { status: r.status, type: r.headers.get('content-type'), body: (await r.json()) as { code?: string } };
    });
    expect(answer.status).toBe(403);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(answer.body.code).toBe('forbidden');
  }, 60_000);

  it('the owner disables the analyst while their tab is open: that tab shows it was signed out', async () => {
    await analyst.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
    await settled(analyst, `Welcome, ${ANALYST.name}`);
    // The owner's list was read before the analyst enrolled: read it again.
    await owner.goto('/console/staff');
    await settled(owner, 'Staff');
    const row = owner.getByRole('row', { name: new RegExp(ANALYST.name) });
    await row.getByRole('button', { name: 'Disable' }).click();
    await owner.getByText('Member disabled; their sessions were ended.').waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();
    // The analyst's next step in the console (any screen that asks the API) finds the session gone.
    await analyst.getByRole('navigation').getByRole('link', { name: 'Statistics' }).click();
    await analyst.getByRole('alert').filter({ hasText: 'You were signed out.' }).waitFor();
    await settled(analyst, 'Sign in to the console');
  }, 60_000);

  it('has no serious or critical axe finding on its main screens at phone and desktop sizes; screenshots in en and ja', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await owner.goto('/console/staff');
    await settled(owner, 'Staff');
    const invite = owner.locator('section[aria-labelledby="invite"]');
    await invite.getByLabel('Email').fill('editor@example.com');
    await invite.getByRole('checkbox', { name: 'Editor' }).check();
    await invite.getByRole('button', { name: 'Invite and e-mail the link' }).click();
    const linkBox = owner.locator('pre[aria-label^="Enrolment link"]');
    await linkBox.waitFor();
    const link = (await linkBox.textContent())!.trim();
    const visitor = await openPage();
    // localStorage belongs to an origin: the new tab opens the console's before the language is set.
    await visitor.goto('/console/sign-in');

    const found: string[] = [];
    const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
    for (const lang of ['en', 'ja'] as const) {
      for (const page of [owner, visitor]) {
        await page.evaluate((l) => localStorage.setItem('console.lang', l), lang);
      }
      for (const [kind, size] of Object.entries(sizes)) {
        await owner.setViewportSize(size);
        await visitor.setViewportSize(size);
        const screens: [string, Page, string][] = [
          ['sign-in', visitor, '/console/sign-in'],
          ['enrol', visitor, new URL(link).pathname],
          ['home', owner, '/console'],
          ['staff', owner, '/console/staff'],
          ['tokens', owner, '/console/tokens'],
          ['audit', owner, '/console/audit'],
          ['me', owner, '/console/me'],
        ];
        for (const [slug, page, url] of screens) {
          await page.goto(url);
          await settled(page);
          // Let transitions end: axe reads colours as drawn.
          await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
          if (lang === 'en') found.push(...(await seriousAxe(page, `${kind} ${slug}`)));
          await page.screenshot({ path: path.join(SHOTS, `${lang}-${kind}-${slug}.png`), fullPage: true });
        }
      }
    }
    expect(found).toEqual([]);
  }, 180_000);
});
