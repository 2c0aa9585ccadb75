import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import axeCore from 'axe-core';
import * as OTPAuth from 'otpauth';
import net from 'node:net';
import type { Page } from 'playwright-core';
import type { RunningServer } from './harness';

/**
 * A server of the console's own, on an empty data folder (no staff yet), so
 * that it prints a first owner's enrolment link the way `npm start` does; the
 * shared e2e server may already have staff from an earlier run. Served as
 * `localhost` (the link's host): a passkey's relying party must be a domain.
 */
export async function startConsoleServer(): Promise<RunningServer & { firstOwnerLink: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const root = path.resolve(import.meta.dirname, '../..');
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // The catalog stays empty: these tests are about staff, roles and sessions.
    env: {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      NO_CATALOG: '1',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const link = await new Promise<string>((resolve, reject) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      // The line printed for a person (the JSON log line carries it too).
      const m = /single use\):\s+(http\S+)\n/.exec(out);
      if (m) resolve(m[1]);
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', (b: Buffer) => (out += b.toString()));
    proc.on('exit', (code) => reject(new Error(`server exited (${code}) before printing a link:\n${out}`)));
  });
  const url = new URL(link).origin;
  return {
    url,
    port: Number(new URL(url).port),
    proc,
    firstOwnerLink: link,
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (proc.exitCode !== null || proc.signalCode !== null) return done();
        proc.once('exit', done);
        proc.kill('SIGTERM');
      }),
  };
}

/** The authenticator app: the code of the step `steps` after now (the server accepts ±1 step, each step once). */
export function totpCode(secret: string, steps = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core's WCAG 2.x A/AA rules on the page as drawn: its serious and critical findings, one line each. */
export async function seriousAxe(page: Page, slug: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  const vs = await page.evaluate(async () => {
    const w = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } };
    const r = await w.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4) }));
  });
  return vs
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${slug}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** A screen has settled: its heading is drawn and no request is pending. */
export async function settled(page: Page, heading?: string | RegExp): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).first();
  await h1.waitFor({ timeout: 60_000 }).catch(async (e: unknown) => {
    // What the screen shows instead says more than the timeout.
    const shown = await page.evaluate(() => document.body.innerText.slice(0, 600));
    throw new Error(`${String(heading)} not shown at ${page.url()}; the page shows:\n${shown}`, { cause: e });
  });
  await page.waitForLoadState('networkidle');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
