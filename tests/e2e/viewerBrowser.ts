import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './harness';
import { attachViewerHarness } from './viewerHarness';
import { e2eBase } from './base';

/** Window sizes the viewer tests read at: `desktop` 1280×800, `wide` 1440×900, `phone` (harness.ts's PHONE). */
type ViewerWindow = 'desktop' | 'wide' | 'phone';

interface ViewerContextOptions {
  window?: ViewerWindow;
  /** A desktop window with a touch screen too. */
  hasTouch?: boolean | undefined;
  locale?: string;
  /** The viewer's clocks (viewerHarness.ts); manual keeps the navigation bar up. Default manual. */
  clocks?: 'manual' | 'real';
  /** Without the viewer's test harness (a page that is not the viewer). */
  noHarness?: boolean;
  /** Runs on the context before its page opens (init scripts, routes, fixtures). */
  prepare?: (ctx: BrowserContext) => Promise<unknown>;
}

export interface ViewerBrowser {
  /** The shared e2e server's URL. */
  readonly base: string;
  readonly browser: Browser;
  /** A new context on the shared server with the viewer's test harness attached, and its page. */
  open(o?: ViewerContextOptions): Promise<{ ctx: BrowserContext; page: Page }>;
}

/**
 * What the viewer's browser tests share: one Chromium per test file (launched before its tests, the
 * screenshot folder made; closed after them) and per test a context with the harness attached.
 */
export function viewerBrowser(shots?: string): ViewerBrowser {
  const base = e2eBase();
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
    if (shots) fs.mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await launched?.close();
  });
  const browser = (): Browser => {
    if (!launched) throw new Error('the browser is launched in beforeAll: use it inside a test or a later hook');
    return launched;
  };
  return {
    base,
    get browser() {
      return browser();
    },
    async open(o = {}) {
      const win = o.window ?? 'desktop';
      const ctx = await browser().newContext({
        ...(win === 'phone'
          ? PHONE
          : { viewport: win === 'wide' ? { width: 1440, height: 900 } : { width: 1280, height: 800 }, hasTouch: !!o.hasTouch }),
        baseURL: base,
        locale: o.locale ?? 'en-US',
      });
      if (!o.noHarness) await attachViewerHarness(ctx, { clocks: o.clocks ?? 'manual' });
      await o.prepare?.(ctx);
      return { ctx, page: await ctx.newPage() };
    },
  };
}

/** Waits until the viewer has laid out its items, bounded: it fails saying so after 300 looks, 50 ms apart. */
export async function viewerItemsShown(page: Page): Promise<void> {
  for (let i = 0; await page.evaluate(() => (window.__viewerDebug?.position().count ?? 0) === 0); i++) {
    if (i >= 300) throw new Error('the viewer never laid out its items (300 looks, 50 ms apart)');
    await new Promise((r) => setTimeout(r, 50));
  }
}
