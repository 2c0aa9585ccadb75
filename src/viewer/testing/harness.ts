/**
 * The viewer's test and benchmark surface (test-only; the app never loads
 * it). tests/e2e/viewerHarness.ts makes a page load this module ahead of the
 * app's entry, with its settings in the module's query string:
 *
 *   clocks=manual   the navigation bar's and the toast's timers and inertia
 *                   are driven by hand (elapseNavTimer, elapseToastTimer,
 *                   tickInertia), so every path is the same on every machine
 *   cache=a,b,c     a small cache window (ahead, behind, cap)
 *   pool=n          decode workers
 *   pixels=0        no readable drawing buffer (benchmarks: as the app draws)
 *   settings=<json> reader settings the session starts with, over the stored
 *                   ones (fields of core/viewer/readerSettings.ts's
 *                   ReaderSettings; only those given, sanitised)
 *   maxtex=n        a texture limit of n px (pages larger are cut into tiles)
 *   upload=f        the tiles' upload form, `pixels` or `bitmap` (gpuUpload.ts),
 *                   instead of the engine's probe
 *   moving=f        the fraction of the resolution the pages are drawn at while
 *                   the camera moves (1: always whole; default the app's)
 *
 * It supplies those (and, unless pixels=0, a readable drawing buffer) as the page embedding
 * the app (window.__viewerEmbedding, src/viewer/session/registry.ts), and publishes `window.__viewerDebug` for the live session: the
 * figures tests and benchmarks read, pixel sampling, the camera traced frame
 * by frame, machine events, and the
 * XOR benchmark (in its own worker, xorBench.worker.ts).
 */
import type { PagingEvent } from '../../../machines/pagingMachine';
import { parseDisplaySettings, parseTitleSettings, type ReaderSettings } from '../../../core/viewer/readerSettings';
import type { ViewerEnvironmentOverrides } from '../session/registry';
import type { ViewerSession } from '../session/viewerSession';
import { ManualClock } from './manualClock';
import type { XorBenchRequest, XorBenchResult } from './xorBench.worker';

const params = new URL(import.meta.url).searchParams;
const manual = params.get('clocks') === 'manual';
const clocks = { navBar: new ManualClock(), toast: new ManualClock(), inertia: new ManualClock() };
const cache = params.get('cache')?.split(',').map(Number);
const pool = Number(params.get('pool')) || undefined;
const settings = readerSettingsParam(params.get('settings'));
const maxTexture = Number(params.get('maxtex')) || undefined;
const upload = params.get('upload');
const uploadForm = upload === 'pixels' || upload === 'bitmap' ? upload : undefined;

const overrides: ViewerEnvironmentOverrides = {
  rendererOptions: {
    preserveDrawingBuffer: params.get('pixels') !== '0',
    ...(params.get('moving') ? { movingResolution: Number(params.get('moving')) } : {}),
  },
  ...(manual ? { clocks } : {}),
  ...(cache?.length === 3 ? { cache: { ahead: cache[0], behind: cache[1], cap: cache[2] } } : {}),
  ...(pool ? { poolSize: pool } : {}),
  ...(maxTexture ? { maxTextureSize: maxTexture } : {}),
  ...(uploadForm ? { uploadForm } : {}),
  ...(settings ? { settings } : {}),
};

/** The `settings` parameter: the fields given, each parsed as stored settings are. */
function readerSettingsParam(raw: string | null): Partial<ReaderSettings> | undefined {
  if (!raw) return undefined;
  const given = JSON.parse(raw) as Record<string, unknown>;
  const all: ReaderSettings = { ...parseDisplaySettings(given), ...parseTitleSettings(given) };
  return Object.fromEntries(Object.entries(all).filter(([k]) => k in given));
}

/** CSS-pixel colour at (x, y) of the session's canvas (its drawing buffer is kept). */
function samplePixel(s: ViewerSession, x: number, y: number): [number, number, number, number] | undefined {
  const c = s.parts.renderer?.canvas;
  if (!c) return undefined;
  const r = c.width / c.clientWidth;
  const tmp = document.createElement('canvas');
  tmp.width = 1;
  tmp.height = 1;
  const ctx = tmp.getContext('2d')!;
  ctx.drawImage(c, Math.floor(x * r), Math.floor(y * r), 1, 1, 0, 0, 1, 1);
  const d = ctx.getImageData(0, 0, 1, 1).data;
  return [d[0], d[1], d[2], d[3]];
}

/** bench/decrypt: XOR of `size` bytes `rounds` times in a worker, against a plain copy of the same bytes. */
function xorBench(size: number, rounds: number, key: string): Promise<XorBenchResult> {
  const w = new Worker(new URL('./xorBench.worker.ts', import.meta.url), { type: 'module', name: 'xor-bench' });
  return new Promise<XorBenchResult>((resolve, reject) => {
    w.onmessage = (e: MessageEvent<XorBenchResult>) => resolve(e.data);
    w.onerror = (e) => reject(new Error(e.message));
    w.postMessage({ size, rounds, key } satisfies XorBenchRequest);
  }).finally(() => w.terminate());
}

function debugOf(s: ViewerSession) {
  const paging = () => s.actors.paging.getSnapshot();
  const trace: Array<{ x: number; y: number; scale: number }> = [];
  let untrace = () => {};
  return {
    /** Records the camera as drawn, frame by frame, from now on (cameraTrace() reads it). */
    traceCamera: () => {
      untrace();
      trace.length = 0;
      untrace = s.parts.renderer?.onCamera((c) => trace.push({ x: c.x, y: c.y, scale: c.scale })) ?? (() => {});
    },
    cameraTrace: () => trace,
    renderer: () => s.parts.renderer?.stats,
    decoded: () => s.parts.store?.decodedCount() ?? 0,
    /** Bytes of the decoded pages, every tile counted. */
    decodedBytes: () => s.parts.store?.decodedBytes() ?? 0,
    /** Tiles page i is held in (0 when not decoded). */
    tiles: (i: number) => s.parts.store?.bitmap(i)?.tiles.length ?? 0,
    pool: () => s.parts.pool.stats,
    /** The form tiles are uploaded in now (gpuUpload.ts: the probe's answer, or the harness's). */
    uploadForm: () => s.parts.pool.uploadForm,
    position: () => {
      const { pos, geometry } = paging().context;
      return { index: pos.index, count: geometry.count, mode: geometry.mode, scale: pos.scale, scrollY: pos.scrollY };
    },
    pageState: (i: number) => s.parts.store?.state(i),
    /** Item i's image address and key (tests decrypt it to compare the stage with the page). */
    pageSource: (i: number) => s.parts.store?.source(i),
    samplePixel: (x: number, y: number) => samplePixel(s, x, y),
    rects: () => s.parts.renderer?.drawnRects() ?? [],
    settled: () => !!s.parts.renderer?.settled,
    state: () => ({
      nav: String(s.actors.nav.getSnapshot().value),
      menus: String(s.actors.menus.getSnapshot().value),
      mode: String(s.actors.mode.getSnapshot().value),
      paging: paging().value,
    }),
    send: (e: PagingEvent) => s.send(e),
    /** Fires the navigation bar's auto-hide timer if it is armed; true when it was. */
    elapseNavTimer: () => clocks.navBar.elapse(),
    /** Fires the direction toast's timer if it is armed. */
    elapseToastTimer: () => clocks.toast.elapse(),
    /** One inertia step of dt ms while coasting (the manual clock runs no frames by itself). */
    tickInertia: (dt: number) => {
      if (!paging().matches({ pointer: 'coasting' })) return false;
      s.send({ type: 'scroll.tick', dt });
      return true;
    },
    geometry: () => paging().context.geometry,
    /** The spread (horizontal) or slot (vertical) showing item i. */
    spreadOfItem: (i: number) => s.parts.layout?.slotOfItem[i] ?? -1,
    xorBench,
  };
}

/** What `window.__viewerDebug` holds (tests type their page scripts with it). */
export type ViewerDebug = ReturnType<typeof debugOf>;

declare global {
  interface Window {
    /** The live viewer session's figures (present only with this harness and a session). */
    __viewerDebug?: ViewerDebug;
  }
}

// Before the app's entry runs (this module's script comes first): the app reads it once.
window.__viewerEmbedding = {
  overrides,
  onSession: (s) => {
    const debug = debugOf(s);
    window.__viewerDebug = debug;
    return () => {
      if (window.__viewerDebug === debug) delete window.__viewerDebug;
    };
  },
};
