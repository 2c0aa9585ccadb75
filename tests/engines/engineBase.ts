/**
 * What the cross-engine drivers (drivers.ts, webkitDriver.ts) share: the engine-neutral page and engine,
 * polling a page, an Xvfb display of a process's own, a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

export interface PageOptions {
  width: number;
  height: number;
  /** Device pixels per CSS pixel (default 1). */
  dpr?: number;
  /** Chromium and Firefox: the browser's language (WebKit: the launch's LANG). */
  locale?: string;
}

/** One open page (its own context, storage and cookies). */
export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  /** The value of a page expression (awaited when it is a promise; JSON-like values only). */
  eval<T>(expr: string): Promise<T>;
  /** Presses a key (`ArrowRight`, `ArrowLeft`, `End`, `Escape`, `PageDown`, …) on the focused page. */
  press(key: string): Promise<void>;
  click(x: number, y: number): Promise<void>;
  /** A mouse drag from (x0, y0) to (x1, y1), CSS px of the viewport, in `steps` moves. */
  drag(x0: number, y0: number, x1: number, y1: number, steps?: number): Promise<void>;
  /** A mouse drag paced as a hand moves (bench/viewerFrames): `steps` moves at least `stepMs` apart, then released. */
  slide(x0: number, y0: number, x1: number, y1: number, steps: number, stepMs: number): Promise<void>;
  /** A mouse wheel turn with the pointer at (x, y): `dx`, `dy` CSS px (bench/viewerFrames). */
  wheel(x: number, y: number, dx: number, dy: number): Promise<void>;
  /**
   * Types `text` into the form field matching `selector` (CSS; the first match), replacing what it held, as keys
   * the engine delivers (the page's input events fire, so a framework's state follows).
   */
  type(selector: string, text: string): Promise<void>;
  /** The viewport as composited, PNG. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  open(o: PageOptions): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Polls a page expression until it is truthy; bounded, so a condition that never holds fails saying which. */
export async function until(page: EnginePage, expr: string, what = expr, tries = 1200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await page.eval<boolean>(`(() => { try { return !!(${expr}); } catch { return false; } })()`)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${page.engine}: never held: ${what}`);
}

/** An Xvfb display of this process's own; its number comes back on a pipe (-displayfd), so none is guessed. */
export async function startXvfb(): Promise<{ display: string; proc: ChildProcess }> {
  const proc = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdio[3]!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    proc.on('exit', (code) => reject(new Error(`Xvfb exited (${code}): is the xvfb package installed?`)));
  });
  return { display, proc };
}

export function freePort(): Promise<number> {
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
