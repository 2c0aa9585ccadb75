import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config.js';
import type { DB } from '../../server/db/index.js';
import { setup } from './helpers.js';
import { manualServerClock, type ManualServerClock } from '../../server/lib/clock.js';
import { createLink } from '../../server/console/invitations.js';
import { consoleRepos } from '../../server/repos/console/index.js';
import { sha256 } from '../../server/console/secrets.js';
import { totpCode } from '../../server/console/totp.js';
import type { Role } from '../../core/console/roles.js';

/** Console server tests: an app on a fresh database with a manual clock, and calls as a browser or a token makes them. */
export interface ConsoleApp {
  app: FastifyInstance;
  db: DB;
  clock: ManualServerClock;
  close(): Promise<void>;
}

const START = Date.UTC(2026, 0, 15, 9, 0, 0);
export const PASSWORD = 'correct horse battery staple';

export async function setupConsole(backend: 'sqlite' | 'postgres', name: string, overrides: Partial<Config> = {}): Promise<ConsoleApp> {
  const clock = manualServerClock(START);
  const t = await setup(backend, `con_${name}`, overrides, true, clock);
  return { app: t.app, db: t.db, clock, close: () => t.close() };
}

export interface Call {
  status: number;
  json: Record<string, unknown> & { code?: string };
  headers: Record<string, unknown>;
  text: string;
  /** The console_session cookie's value the answer set, if any. */
  cookie: string | null;
}

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * A console API call (from `address`, else 127.0.0.1); writes carry X-Console-Request: 1 and the Origin a
 * browser on the console sends (PUBLIC_URL's, else the request's own host, http://localhost unless
 * `headers.host` says another) unless `headers` says otherwise (a header given as undefined is left out).
 */
export async function api(
  app: FastifyInstance,
  method: string,
  url: string,
  o: { body?: unknown; cookie?: string | null; token?: string; headers?: Record<string, string | undefined>; address?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = {};
  if (WRITES.has(method)) {
    headers['x-console-request'] = '1';
    headers.origin = new URL(app.config.publicUrl || `http://${o.headers?.host ?? 'localhost'}`).origin;
  }
  if (o.cookie) headers.cookie = `console_session=${o.cookie}`;
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  // A header given as undefined is not sent (a client that sends no Origin).
  for (const [k, v] of Object.entries(o.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  const r = await app.inject({
    method: method as 'GET',
    url: `/console/api${url}`,
    headers,
    ...(o.address ? { remoteAddress: o.address } : {}),
    ...(o.body !== undefined ? { payload: JSON.stringify(o.body) } : {}),
  });
  let json: Call['json'] = {};
  try {
    json = JSON.parse(r.body) as Call['json'];
  } catch {
    // not JSON (an export, a 204)
  }
  const set = [r.headers['set-cookie'] ?? []].flat().join('\n');
  const cookie = /console_session=([^;]*)/.exec(set)?.[1] ?? null;
  return { status: r.statusCode, json, headers: r.headers, text: r.body, cookie };
}

/** A member with a session, written straight to the database (for the access tests: no sign-in costs). */
export async function memberWithSession(
  db: DB,
  roles: Role[],
  now: number,
  languages: string[] = [],
): Promise<{ id: number; cookie: string }> {
  const email = `m${crypto.randomBytes(4).toString('hex')}@example.com`;
  const m = await db
    .insertInto('staff_members')
    .values({
      email,
      name: email,
      password_hash: 'x',
      roles: JSON.stringify(roles),
      languages: JSON.stringify(languages),
      disabled: 0,
      created_at: now,
      last_sign_in_at: null,
      version: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: m.id, cookie: await sessionFor(db, m.id, now) };
}

export async function sessionFor(db: DB, memberId: number, now: number): Promise<string> {
  const cookie = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('staff_sessions')
    .values({
      member_id: memberId,
      token_hash: sha256(cookie),
      created_at: now,
      last_used_at: now,
      reauth_until: now + 300,
      address: '127.0.0.1',
      user_agent: 'test',
    })
    .execute();
  return cookie;
}

/** Enrols a member through the API with TOTP from a fresh link; the secret, session cookie, member and recovery codes. */
export async function enrolTotp(c: ConsoleApp, email: string, roles: Role[] = ['owner']) {
  const link = await createLink(consoleRepos(c.db), { email, roles, languages: [], createdBy: null }, c.clock.nowSec());
  const setup = await api(c.app, 'POST', `/enrolment/${link.token}/totp`, { body: { name: 'Test Member', password: PASSWORD } });
  if (setup.status !== 200) throw new Error(`enrolment: ${setup.status} ${setup.text}`);
  const secret = setup.json.secret as string;
  const done = await api(c.app, 'POST', `/enrolment/${link.token}/totp/confirm`, { body: { code: totpCode(secret, c.clock.now()) } });
  if (done.status !== 200 || !done.cookie) throw new Error(`enrolment confirm: ${done.status} ${done.text}`);
  const member = done.json.member as { id: number };
  return { secret, cookie: done.cookie, id: member.id, recoveryCodes: done.json.recoveryCodes as string[], token: link.token };
}

/** Signs in with password then TOTP (moving the clock a step on, so the code is not the one used last). */
export async function signInTotp(c: ConsoleApp, email: string, secret: string, password = PASSWORD) {
  const first = await api(c.app, 'POST', '/sign-in', { body: { email, password } });
  if (first.status !== 200) return { first, second: null };
  c.clock.advance(30_000);
  const second = await api(c.app, 'POST', '/sign-in/totp', {
    body: { challenge: first.json.challenge, code: totpCode(secret, c.clock.now()) },
  });
  return { first, second };
}
