import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import axeCore from 'axe-core';
import * as OTPAuth from 'otpauth';
import net from 'node:net';
import type { Page } from 'playwright-core';
import { startEnv, type RunningServer } from './harness';

/**
 * A server of the console's own, on an empty data folder (no staff yet), so
 * that it prints a first owner's enrolment link the way `npm start` does; the
 * shared e2e server may already have staff from an earlier run. Served as
 * `localhost` (the link's host): a passkey's relying party must be a domain.
 */
export async function startConsoleServer(
  opts: { catalog?: boolean; env?: Record<string, string> } = {},
): Promise<RunningServer & { firstOwnerLink: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const root = path.resolve(import.meta.dirname, '../..');
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // The catalog stays empty unless asked for (staff, roles and sessions need none; the catalog's, home's and
    // statistics' screens need the demo catalog a reader would see).
    env: {
      ...process.env,
      ...startEnv(),
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...(opts.catalog ? {} : { NO_CATALOG: '1' }),
      DATABASE_URL: '',
      // One loopback address for every browser: the per-address limits have their own server tests.
      NEW_VISITOR_RATE_LIMIT: '100000',
      VIEW_RATE_LIMIT: '1000000',
      ...opts.env,
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

export interface Staff {
  email: string;
  name: string;
  password: string;
}

/** The first owner (every role) enrols from the printed link with an authenticator app; the page ends on the console's home. */
export async function enrolFirstOwner(page: Page, link: string, who: Staff): Promise<{ totpSecret: string }> {
  await page.goto(link);
  await settled(page, 'Join the console');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Authenticator app (6-digit codes)').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = page.getByTestId('totp-secret');
  await secret.waitFor();
  const totpSecret = (await secret.textContent())!.trim();
  await page.getByLabel('6-digit code').fill(totpCode(totpSecret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Recovery codes' }).waitFor();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await settled(page, `Welcome, ${who.name}`);
  return { totpSecret };
}

/**
 * An owner's page invites `who` with the roles named as the Staff screen labels them ("Editor", "Localizer",
 * "Moderator", "Analyst"...); `invitee` (a page of another context) enrols from the link with an authenticator
 * app and ends on the console's home.
 */
export async function inviteStaff(
  owner: Page,
  invitee: Page,
  who: Staff,
  roles: string[],
  /** A localizer's languages, as the invitation's field takes them ("fr, es"). */
  languages?: string,
): Promise<{ totpSecret: string }> {
  await owner.goto('/console/staff');
  await settled(owner, 'Staff');
  const invite = owner.locator('section[aria-labelledby="invite"]');
  await invite.getByLabel('Email').fill(who.email);
  for (const r of roles) await invite.getByRole('checkbox', { name: r }).check();
  if (languages !== undefined) await invite.getByLabel('Languages (for localizers)').fill(languages);
  await invite.getByRole('button', { name: 'Create invitation link' }).click();
  const linkBox = owner.locator('pre[aria-label^="Enrolment link"]');
  await linkBox.waitFor();
  const link = (await linkBox.textContent())!.trim();
  await invitee.goto(link);
  await settled(invitee, 'Join the console');
  await invitee.getByLabel('Your name').fill(who.name);
  await invitee.getByLabel('Password', { exact: true }).fill(who.password);
  await invitee.getByLabel('Authenticator app (6-digit codes)').check();
  await invitee.getByRole('button', { name: 'Continue' }).click();
  const secret = invitee.getByTestId('totp-secret');
  await secret.waitFor();
  const totpSecret = (await secret.textContent())!.trim();
  await invitee.getByLabel('6-digit code').fill(totpCode(totpSecret));
  await invitee.getByRole('button', { name: 'Confirm' }).click();
  await invitee.getByRole('heading', { name: 'Recovery codes' }).waitFor();
  await invitee.getByRole('button', { name: 'I have saved my codes' }).click();
  await settled(invitee, `Welcome, ${who.name}`);
  return { totpSecret };
}
