import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import axeCore from 'axe-core';
import * as OTPAuth from 'otpauth';
import net from 'node:net';
import type { Page } from 'playwright-core';
import type { Role } from '../../core/console/roles';
import { startEnv, type RunningServer } from './harness';

/**
 * A server of the console's own, on an empty data folder (no staff yet), so
 * that it prints a first owner's enrolment link the way `npm start` does; the
 * shared e2e server may already have staff from an earlier run. Served as
 * `localhost` (the link's host): a passkey's relying party must be a domain.
 * Most console files use the console server their worker shares instead
 * (tests/e2e/globalSetup.ts; base.ts, consoleShared): a file starts one of its
 * own only for what a shared one cannot give (its first owner, a setting of
 * its own, figures no other file may add to).
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
  await invite.getByRole('button', { name: 'Invite and e-mail the link' }).click();
  const linkBox = owner.locator('pre[aria-label^="Enrolment link"]');
  await linkBox.waitFor();
  return enrolFromLink(invitee, (await linkBox.textContent())!.trim(), who);
}

/** An invitee's page enrols from an invitation link with an authenticator app and ends on the console's home. */
async function enrolFromLink(invitee: Page, link: string, who: Omit<Staff, 'email'>): Promise<{ totpSecret: string }> {
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

/** A console server shared by the files of a worker (tests/e2e/globalSetup.ts), and the session of its first owner. */
export interface SharedConsole {
  url: string;
  /** The first owner's session cookie (`console_session=…`), for the console API. */
  ownerCookie: string;
  /** Their password: an owner's invitation asks for it again once the sign-in is over 5 minutes old. */
  ownerPassword: string;
}

/**
 * A console API call with the shared first owner's session, sent from the console's origin as a browser would; asked
 * for the password again (an owner's invitation), it re-authenticates and calls again. A refusal throws with the answer.
 */
async function asSharedOwner<T>(shared: SharedConsole, method: string, apiPath: string, body?: unknown): Promise<T> {
  const send = (m: string, p: string, b?: unknown) =>
    fetch(`${shared.url}/console/api${p}`, {
      method: m,
      headers: {
        cookie: shared.ownerCookie,
        'x-console-request': '1',
        origin: shared.url,
        ...(b ? { 'content-type': 'application/json' } : {}),
      },
      ...(b ? { body: JSON.stringify(b) } : {}),
    });
  let r = await send(method, apiPath, body);
  if (r.status === 403 && ((await r.clone().json()) as { code?: string }).code === 'reauth-required') {
    const again = await send('POST', '/session/reauth', { password: shared.ownerPassword });
    if (!again.ok) throw new Error(`re-authentication of the shared first owner: ${again.status} ${await again.text()}`);
    r = await send(method, apiPath, body);
  }
  if (!r.ok) throw new Error(`${method} ${apiPath} as the shared first owner: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/**
 * A new member of a shared console server with `roles`: the first owner invites them (sharedInvitation), and
 * `invitee` (a page of a context of its own) enrols from the link with an authenticator app, ending on the
 * console's home. The name and password are `who`'s, the email a new one.
 */
export async function newMember(
  shared: SharedConsole,
  invitee: Page,
  roles: Role[],
  who: Omit<Staff, 'email'>,
  /** A localizer's languages. */
  languages: string[] = [],
): Promise<Staff & { totpSecret: string }> {
  const { email, link } = await sharedInvitation(shared, who.name, roles, languages);
  return { ...who, email, ...(await enrolFromLink(invitee, link, who)) };
}

/**
 * An invitation of the shared first owner's through the console API (the invitation screens are console.test.ts's):
 * for an email new on the server (files share it), made from `name`; answers the email and the enrolment link.
 */
export async function sharedInvitation(
  shared: SharedConsole,
  name: string,
  roles: Role[],
  languages: string[] = [],
): Promise<{ email: string; link: string }> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${randomUUID().slice(0, 8)}@example.com`;
  const { link } = await asSharedOwner<{ link: string }>(shared, 'POST', '/invitations', { email, roles, languages });
  return { email, link };
}

/**
 * A first owner enrols from the printed link through the enrolment API, as the enrolment screen calls it (a
 * password, then an authenticator app's code); answers the session's cookie. Node's own fetch, so it serves the
 * global setup as well as a test.
 */
export async function enrolByApi(link: string, who: Staff): Promise<{ cookie: string; totpSecret: string }> {
  const url = new URL(link);
  const token = url.pathname.split('/').pop()!;
  const post = async (step: string, body: object) => {
    const r = await fetch(`${url.origin}/console/api/enrolment/${token}${step}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-console-request': '1', origin: url.origin },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`enrolment ${step}: ${r.status} ${await r.text()}`);
    return r;
  };
  const { secret } = (await (await post('/totp', who)).json()) as { secret: string };
  const done = await post('/totp/confirm', { code: totpCode(secret) });
  const cookie = done.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('console_session=') && c.length > 'console_session='.length);
  if (!cookie) throw new Error(`enrolment: no session cookie in ${JSON.stringify(done.headers.getSetCookie())}`);
  return { cookie, totpSecret: secret };
}
