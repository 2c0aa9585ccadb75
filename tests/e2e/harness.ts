import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/**
 * Debian's Chromium, as the standards ask: WebGL through SwiftShader, unless
 * CHROMIUM_ANGLE names another ANGLE back end (`vulkan`, `gl-egl`) to draw on
 * a real GPU (the viewer bench on a GPU machine).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ANGLE = process.env.CHROMIUM_ANGLE ?? 'swiftshader';
const CHROMIUM_ARGS = [
  // The e2e project (vitest.config.ts) composites in software: WebGL still draws through SwiftShader, but the
  // page's layers are no longer rastered and composited by SwiftShader too. Measured on two cores: one file alone
  // much cheaper (shellScreens 151 → 98 s), four heavy files on two workers 222 → 199 s. The benches keep
  // Chromium's default so that their figures compare with earlier runs.
  ...(process.env.CHROMIUM_SOFTWARE_COMPOSITING === '1' && ANGLE === 'swiftshader' ? ['--disable-gpu'] : []),
  '--no-sandbox',
  '--disable-gpu-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  ...(ANGLE === 'swiftshader'
    ? ['--enable-unsafe-swiftshader', '--use-angle=swiftshader']
    : ['--ignore-gpu-blocklist', '--enable-gpu', `--use-angle=${ANGLE}`, ...(ANGLE === 'vulkan' ? ['--enable-features=Vulkan'] : [])]),
];

/** `env`: the browser's own environment (FONTCONFIG_FILE: the fonts it may find on the machine). */
export function launchBrowser(env?: Record<string, string>): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    ...(env ? { env: { ...process.env, ...env } } : {}),
  });
}

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

export async function newContext(browser: Browser, kind: 'phone' | 'desktop' = 'desktop', baseURL?: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({ ...(kind === 'phone' ? PHONE : DESKTOP), ...(baseURL ? { baseURL } : {}), locale: 'en-US' });
  // Playwright's 30 s per wait, doubled: a loaded two-core machine running two browsers can take longer.
  ctx.setDefaultTimeout(60_000);
  return ctx;
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

export interface RunningServer {
  url: string;
  port: number;
  proc: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The settings `npm start` gives the server process (package.json: each
 * `NAME=${NAME:-default}` before `node`; MALLOC_ARENA_MAX, README
 * Configuration), the caller's own value first, as the shell does: tests
 * and benches run the server as production does.
 */
export function startEnv(): Record<string, string> {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return Object.fromEntries(
    [...pkg.scripts.start.matchAll(/\b([A-Z_]+)=\$\{\1:-([^}]*)\}/g)].map(([, name, fallback]) => [name, process.env[name] || fallback]),
  );
}

/**
 * Starts the real server (`tsx server/main.ts`) on a free loopback port with
 * `npm start`'s settings and the given environment; resolves when it prints
 * "ready".
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const root = path.resolve(import.meta.dirname, '../..');
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...startEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Each engineer/CI run may point these elsewhere (own data dir, own build).
      DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(root, '.tmp/e2e-data'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      // "demo catalog: ready in" comes earlier: wait for the listening line.
      if (/^ready in/m.test(out)) resolve();
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', (b: Buffer) => (out += b.toString()));
    proc.on('exit', (code) => reject(new Error(`server exited (${code}) before ready:\n${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    proc,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        // Already gone (exited, or killed by a signal: exitCode stays null then), no 'exit' is coming.
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        // The server exits by itself past its STOP_GRACE_SECONDS (30); one that does not is killed, saying so.
        const kill = setTimeout(() => {
          console.error(`server on port ${port} still running 60 s after ${signal}: killed`);
          proc.kill('SIGKILL');
        }, 60_000);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        proc.kill(signal);
      }),
  };
}
