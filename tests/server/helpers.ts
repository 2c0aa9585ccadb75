import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fromBinary } from '@bufbuild/protobuf';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { openDb, type DB } from '../../server/db/index.js';
import type { ServerClock } from '../../server/lib/clock.js';
import { ResponseSchema, type Response, type SuccessResult, type ErrorResult } from '../../core/gen/manga/v1/response_pb.js';
import { seed } from './fixtures.js';

/** The databases every server test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const BACKENDS: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  now: number;
  close(): Promise<void>;
}

/**
 * A fresh database of its own (a temp SQLite file, or a PostgreSQL database
 * named after the test file), seeded with the fixture catalog, and the app on it.
 * `clock`: the server's time (a manualServerClock a test moves); the fixtures
 * are dated from its now. The machine's clock by default. `extend`: adds to the
 * app before it is ready (a test's own routes).
 */
export async function setup(
  backend: 'sqlite' | 'postgres',
  name: string,
  overrides: Partial<Config> = {},
  doSeed = true,
  clock?: ServerClock,
  extend?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `srv-${name}-`));
  let databaseUrl = '';
  let dropSchema = async () => {};
  if (backend === 'postgres') {
    // A database of its own, not a schema: Kysely's migrator introspects every
    // schema of the database, and a schema another test file drops meanwhile
    // makes that query fail ("schema ... does not exist").
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const dbName = `t_${name.replace(/\W/g, '_')}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const own = new URL(url.toString());
    own.pathname = `/${dbName}`;
    databaseUrl = own.toString();
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      // The pool's last connections may still be closing: wait for them
      // rather than kill them (a killed client reports an error).
      for (let i = 0; ; i++) {
        try {
          await c.query(`drop database if exists ${dbName}${i >= 50 ? ' with (force)' : ''}`);
          break;
        } catch (e) {
          if ((e as { code?: string }).code !== '55006' || i >= 50) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    };
  }
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, overrides);
  const { db, dialect, close } = await openDb(config);
  const now = clock ? clock.nowSec() : Math.floor(Date.now() / 1000);
  if (doSeed) await seed(db, now);
  const app = await buildApp({ config, db, dialect, ...(clock ? { clock } : {}) });
  await extend?.(app);
  await app.ready();
  return {
    app,
    db,
    now,
    async close() {
      await app.close();
      await close();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const newToken = () => crypto.randomBytes(16).toString('hex');

/** Canonical JSON (?format=json) as a test reads it: any path, checked by the expectations. */
export interface Loose {
  readonly [key: string]: Loose;
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  res: Response;
  body: Buffer;
}

/** Calls the app and decodes the protobuf Response. */
export async function call(app: FastifyInstance, opts: InjectOptions & { token?: string }): Promise<Answer> {
  const { token, ...rest } = opts;
  const r = await app.inject({ ...rest, headers: { ...(token ? { 'session-token': token } : {}), ...(rest.headers ?? {}) } });
  const body = r.rawPayload;
  const res = fromBinary(ResponseSchema, new Uint8Array(body));
  return { status: r.statusCode, headers: r.headers, res, body };
}

export function success(a: Answer): SuccessResult {
  if (a.res.result.case !== 'success')
    throw new Error(`expected success, got ${a.status} ${JSON.stringify(a.res.result.value?.debugInfo ?? '')}`);
  return a.res.result.value;
}

export function failure(a: Answer): ErrorResult {
  if (a.res.result.case !== 'error') throw new Error(`expected an error, got ${a.status} ${a.res.result.case}`);
  return a.res.result.value;
}
