/**
 * What a cross-engine test file shares: one engine (launched before its
 * tests, closed after), a proxy in front of the worker's shared server that
 * gives every document the viewer's test harness (proxy.ts), and the steps
 * the files have in common. Screenshots go to .tmp/screenshots/engines/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { PREFS_COOKIES } from '../../core/storageKeys';
import { e2eBase } from '../e2e/base';
import type { HarnessOptions } from '../e2e/viewerHarness';
import { launchEngine, type Engine, type EngineName, type EnginePage, type PageOptions } from './drivers';
import { startProxy, type HarnessProxy } from './proxy';

export const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/engines');

/** The old upload path, for showing what these tests catch: ENGINE_UPLOAD_FORM=bitmap forces it on every engine. */
const FORCED_FORM =
  process.env.ENGINE_UPLOAD_FORM === 'bitmap' || process.env.ENGINE_UPLOAD_FORM === 'pixels' ? process.env.ENGINE_UPLOAD_FORM : undefined;

export const DESKTOP: PageOptions = { width: 1440, height: 900 };
export const PHONE: PageOptions = { width: 390, height: 844, dpr: 2 };

export interface EngineBrowser {
  readonly engine: Engine;
  readonly proxy: HarnessProxy;
  /** A new page with the given local storage set on the origin first, then at `path`. */
  open(path: string, o: PageOptions, storage?: Record<string, string>, harness?: Partial<HarnessOptions> | null): Promise<EnginePage>;
  shot(page: EnginePage, name: string): Promise<string>;
}

export function engineBrowser(name: EngineName): EngineBrowser {
  let engine: Engine | undefined;
  let proxy: HarnessProxy | undefined;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    [engine, proxy] = await Promise.all([launchEngine(name), startProxy(e2eBase())]);
  });
  afterAll(async () => {
    await engine?.close();
    await proxy?.close();
  });
  const need = <T>(x: T | undefined): T => {
    if (!x) throw new Error('launched in beforeAll: use it inside a test');
    return x;
  };
  return {
    get engine() {
      return need(engine);
    },
    get proxy() {
      return need(proxy);
    },
    async open(at, o, storage = {}, harness = {}) {
      const p = need(proxy);
      p.harness = harness === null ? null : { clocks: 'manual', ...(FORCED_FORM ? { uploadForm: FORCED_FORM } : {}), ...harness };
      const page = await need(engine).open(o);
      if (Object.keys(storage).length > 0) {
        // A file of the origin (no app), to write its storage before the app reads it.
        await page.goto(`${p.url}/favicon.svg`);
        // The preferences a first view depends on are mirrored to cookies as the app mirrors them (PREFS_COOKIES).
        const cookies = Object.fromEntries(
          Object.entries(PREFS_COOKIES)
            .filter(([k]) => k in storage)
            .map(([k, c]) => [c, storage[k]]),
        );
        await page.eval(
          `(() => { const s = ${JSON.stringify(storage)}; for (const k in s) localStorage.setItem(k, s[k]); const c = ${JSON.stringify(cookies)}; for (const k in c) document.cookie = k + '=' + encodeURIComponent(c[k]) + '; path=/'; return true; })()`,
        );
      }
      await page.goto(`${p.url}${at}`);
      return page;
    },
    async shot(page, label) {
      const file = path.join(SHOTS, `${name}-${label}.png`);
      fs.writeFileSync(file, await page.screenshot());
      return file;
    },
  };
}
