/**
 * What the reader sees: frame pacing in our viewer against a baseline reader
 * (plain <img> pages, bench/_framesReader.ts) measured in the same run and
 * the same engine, in each engine BENCH_ENGINES names (default
 * chromium,firefox,webkit; bench/_engineFrames.ts): Debian's Chromium through
 * Playwright (SwiftShader WebGL here unless a GPU is present), Firefox ESR
 * (llvmpipe WebGL) and WebKitGTK's MiniBrowser (software WebGL) through
 * tests/engines/drivers.ts, on loopback, on the demo catalog's long chapter
 * (and its right-to-left chapter for the drags), each reader driven by the
 * same input scripts (bench/_frames.ts):
 *
 *  1. keyboard paging, a page every 150 ms (horizontal, desktop 1280×800);
 *  2. drags released past the snap threshold, both directions, on a
 *     right-to-left chapter (phone 390×844 at two device px a CSS px):
 *     Chromium's are fingers (touch emulation, CDP touch events); Firefox's
 *     and WebKit's drivers have no touch, so theirs are the mouse's;
 *  3. vertical flings, coasting with inertia (phone, Chromium's touch); where
 *     there is no touch, wheel scrolling in its place (a fling by mouse drag
 *     would not scroll the baseline's native scrolling);
 *  4. a pinch zoom, a two-finger pan and a pinch back (phone, horizontal):
 *     Chromium only (the other drivers have no two-finger input);
 *  5. scrubbing the page slider of the 320-page chapter end to end and back
 *     (horizontal, desktop; bench/_framesScrub.ts): ours shows each page's
 *     thumbnail over it as it goes (issue 48), the baseline has a bare
 *     slider that jumps to the page.
 *
 * Per input and reader: frames presented (requestAnimationFrame callbacks in
 * the page: the same measure in every engine), late intervals (over 1.5 times
 * the display's frame interval: the median rAF interval on an empty page at
 * rest, measured first in each engine) and the frames dropped in them (an
 * interval of n display frames drops n - 1), the 95th percentile and the
 * worst interval, and main-thread long tasks (PerformanceObserver
 * 'longtask', Chromium only: none are seen elsewhere, so none are judged
 * there). Judged: ours / baseline dropped frames (target: no more than the
 * baseline's, in every engine) and our long tasks in Chromium (target 0).
 *
 * The server draws a demo page's art on its first request (on the same
 * cores), so the run starts with the image cache emptied: the keyboard paging
 * in our viewer, in the first engine, is measured cold first and printed apart
 * (not judged); then every page of the chapters used is requested once (warm)
 * before the judged inputs, BENCH_RUNS times (default 1) in each engine.
 *
 *   npm run build && npm run bench -- viewerFrames
 *   (BENCH_ENGINES, BENCH_RUNS, BENCH_INPUTS=2,3: only those inputs; BENCH_DATA_DIR:
 *   the server's data folder; WEB_DIR: the build it serves)
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateCatalog } from '../server/catalog/generate';
import { loadConfig } from '../server/config';
import { startServer } from '../tests/e2e/harness';
import { THUMBS_PER_SHEET, thumbSheetPath } from '../core/viewer/pageThumbs';
import { benchEngines } from './_engineFront';
import { scrubbing, sliderLine, type SliderLine } from './_framesScrub';
import { framesReaders, type Reader, type Readers, type Where } from './_engineFrames';
import {
  describe,
  drags,
  flings,
  type FrameFigures,
  type Hand,
  keyboardPaging,
  measure,
  type Evaluator,
  pinchAndPan,
  restInterval,
  wheelScrolls,
} from './_frames';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const QUALITY = 'high';
const DATA = process.env.BENCH_DATA_DIR ?? '.tmp/bench-frames-data';
const ENGINE_LIST = benchEngines();
/** BENCH_INPUTS=2,3: only those inputs (default all). */
const ONLY = process.env.BENCH_INPUTS?.split(',').map(Number);
fs.rmSync(path.join(DATA, 'img'), { recursive: true, force: true });
const server = await startServer({ DATA_DIR: DATA, PUSH_CHECK_SECONDS: '0' });
const notable = generateCatalog(loadConfig().catalogSeed, Math.floor(Date.now() / 1000)).notable;

type Mode = 'horizontal' | 'vertical';
interface ChapterInfo {
  rtl: boolean;
  urls: string[];
}

async function chapterInfo(id: number, mode: Mode): Promise<ChapterInfo> {
  const res = await fetch(
    `${server.url}/api/manga_viewer?chapter_id=${id}&split=yes&img_quality=${QUALITY}&viewer_mode=${mode}&format=json`,
  );
  const api = (await res.json()) as {
    success: { mangaViewer: { startFromRight?: boolean; pages: Array<{ mangaPage?: { imageUrl: string } }> } };
  };
  const mv = api.success.mangaViewer;
  return { rtl: !!mv.startFromRight, urls: mv.pages.flatMap((p) => (p.mangaPage ? [p.mangaPage.imageUrl] : [])) };
}

const longId = notable.longChapterId;
const long = await chapterInfo(longId, 'horizontal');
// The drags go right to left: the long chapter if it reads so, else the catalog's right-to-left chapter.
const rtlId = long.rtl ? longId : notable.rtlChapterId;
const rtl = await chapterInfo(rtlId, 'horizontal');

interface Scenario extends Where {
  name: string;
  /** ms measured after the input ends (a snap animation or coasting finishing). */
  settle: number;
  input: (hand: Hand) => Promise<void>;
  /** Why this engine cannot give this input (then it is not run). */
  skip?: string;
  /** Run before the measure (the slider brought on screen). */
  prepare?: (page: Evaluator, hand: Hand) => Promise<void>;
}

/** Where the slider of the reader being measured runs (found by the scrubbing's prepare). */
const line: SliderLine = { x0: 0, x1: 0, y: 0 };

/** The inputs, as this engine's driver can give them (touch: Chromium's CDP touch events; else the mouse and the wheel). */
function scenarios(touch: boolean): Scenario[] {
  const phone = touch ? 'phone' : 'phone window, no touch';
  return [
    {
      name: 'keyboard paging, PageDown every 150 ms × 40 (horizontal, desktop 1280×800)',
      chapter: longId,
      mode: 'horizontal',
      phone: false,
      settle: 500,
      input: (hand) => keyboardPaging(hand, 40, 150),
    },
    {
      name: `${touch ? 'touch' : 'mouse'} drags snapping, 4 on and 4 back (${rtl.rtl ? 'right-to-left' : 'LEFT-TO-RIGHT: no right-to-left chapter found'} chapter ${rtlId}, ${phone})`,
      chapter: rtlId,
      mode: 'horizontal',
      phone: true,
      settle: 500,
      input: (hand) => drags(hand, 4, rtl.rtl),
    },
    touch
      ? {
          name: 'vertical flings with inertia, 3 × (450 px swipe + 1.5 s coasting) (phone)',
          chapter: longId,
          mode: 'vertical',
          phone: true,
          settle: 0,
          input: (hand) => flings(hand, 3, 1500),
        }
      : {
          name: `vertical wheel scrolling, 3 × (10 steps of 100 px, 16 ms apart + 1.5 s) (${phone}; in place of the flings)`,
          chapter: longId,
          mode: 'vertical',
          phone: true,
          settle: 0,
          input: (hand) => wheelScrolls(hand, 3, 10, 100, 1500),
        },
    {
      name: 'pinch zoom, two-finger pan, pinch back (horizontal, phone)',
      chapter: longId,
      mode: 'horizontal',
      phone: true,
      settle: 500,
      input: (hand) => pinchAndPan(hand),
      ...(touch ? {} : { skip: "not run: no two-finger input through this engine's driver" }),
    },
    {
      name: `slider scrubbing, end to end and back in 2 × 120 moves 16 ms apart (${long.urls.length}-page chapter ${longId}, horizontal, desktop 1280×800, ${touch ? 'a finger' : 'the mouse'})`,
      chapter: longId,
      mode: 'horizontal',
      phone: false,
      settle: 500,
      prepare: async (page, hand) => {
        Object.assign(line, await sliderLine(page, hand, { x: 640, y: 400 }));
      },
      input: (hand) => scrubbing(hand, line, 120),
    },
  ];
}

/** Where each reader is: its page index, zoom and vertical scroll. */
const WHERE = {
  ours: `(() => { const p = window.__viewerDebug.position(); return 'index ' + p.index + ' ×' + p.scale.toFixed(1) + ' y ' + Math.round(p.scrollY); })()`,
  baseline: 'window.__where()',
};

async function run(readers: Readers, reader: Reader, sc: Scenario): Promise<FrameFigures & { at: string[] }> {
  const page = await readers.open(reader, sc);
  try {
    const at: string[] = [];
    const hand = await page.hand(async () => void at.push(await page.eval<string>(WHERE[reader])));
    await sc.prepare?.(page, hand);
    return { ...(await measure(page, display, () => sc.input(hand), sc.settle)), at };
  } finally {
    await page.close();
  }
}

/** Every page of the chapters used, requested once (two at a time), so the server has drawn them. */
async function warm(): Promise<number> {
  const urls = new Set<string>();
  for (const id of new Set([longId, rtlId]))
    for (const mode of ['horizontal', 'vertical'] as const) for (const u of (await chapterInfo(id, mode)).urls) urls.add(u);
  // The long chapter's page-thumbnail sheets too (drawn on their first request, as the pages are).
  for (let k = 0; k < Math.ceil(long.urls.length / THUMBS_PER_SHEET); k++) urls.add(thumbSheetPath(longId, k));
  const list = [...urls];
  const worker = async () => {
    for (let u = list.pop(); u !== undefined; u = list.pop()) await (await fetch(new URL(u, server.url))).arrayBuffer();
  };
  await Promise.all([worker(), worker()]);
  return urls.size;
}

/** The display's frame interval (ms), measured on an empty page at the start in each engine. */
let display = 1000 / 60;
const ratio = (o: number, b: number) => (b === 0 ? (o === 0 ? '1.00 (none either side)' : `∞ (${o} against none)`) : (o / b).toFixed(2));
const GL = `(() => { const c = document.createElement('canvas').getContext('webgl2'); const i = c && c.getExtension('WEBGL_debug_renderer_info'); return c ? String(i ? c.getParameter(i.UNMASKED_RENDERER_WEBGL) : c.getParameter(c.RENDERER)) : 'no WebGL 2'; })()`;
/** Per engine and input, each run's dropped frames, ours against the baseline. */
const judged: Array<{ engine: string; input: number; ours: number; base: number; long: number | null }> = [];
const skipped: string[] = [];
let warmed = false;

try {
  console.log(
    `long chapter ${longId} (${long.urls.length} pages, ${long.rtl ? 'right to left' : 'left to right'}); drags on chapter ${rtlId} (${rtl.urls.length} pages); engines ${ENGINE_LIST.join(', ')}`,
  );
  for (const name of ENGINE_LIST) {
    console.log(`\n=== ${name}`);
    let readers: Readers | undefined;
    try {
      readers = await framesReaders(name, server.url, QUALITY);
      const blank = await readers.blank();
      console.log(`[${name}] WebGL renderer: ${await blank.eval<string>(GL)}`);
      display = (await restInterval(blank, 2000)) || 1000 / 60;
      const longtask = await blank.eval<boolean>(`(PerformanceObserver.supportedEntryTypes || []).includes('longtask')`);
      await blank.close();
      console.log(
        `[${name}] figures from requestAnimationFrame timestamps in the page (frame starts, not presentation times); display frame interval ${display.toFixed(1)} ms (empty page at rest); long tasks ${longtask ? "by PerformanceObserver 'longtask'" : "not measurable (no 'longtask' here)"}`,
      );
      const list = scenarios(readers.touch);
      if (!warmed) {
        const cold = ONLY ? undefined : await run(readers, 'ours', list[0]);
        if (cold)
          console.log(
            `\ncold server image cache (not judged), ${name}, (1) ${list[0].name}:\n  ours:     ${describe(cold)}\n  at:       ${cold.at.join('; ')}`,
          );
        const t0 = Date.now();
        const n = await warm();
        warmed = true;
        console.log(`\nwarmed: ${n} page images requested in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
      for (let r = 0; r < RUNS; r++) {
        if (RUNS > 1) console.log(`\n--- ${name}, run ${r + 1} of ${RUNS}`);
        for (const [i, sc] of list.entries()) {
          if (ONLY && !ONLY.includes(i + 1)) continue;
          if (sc.skip) {
            console.log(`\n(${i + 1}) ${sc.name}: ${sc.skip}`);
            if (r === 0) skipped.push(`${name} (${i + 1}): ${sc.skip}`);
            continue;
          }
          try {
            const ours = await run(readers, 'ours', sc);
            const base = await run(readers, 'baseline', sc);
            console.log(`\n(${i + 1}) ${sc.name}\n  ours:     ${describe(ours)}\n  baseline: ${describe(base)}`);
            console.log(`  where (ours | baseline): ${ours.at.join('; ')} | ${base.at.join('; ')}`);
            console.log(
              `  judged: dropped frames ours/baseline ${ratio(ours.dropped, base.dropped)} (target ≤ 1.0) ${ours.dropped <= base.dropped ? 'PASS' : 'MISS'}` +
                (longtask ? `; our long tasks ${ours.long.length} (target 0) ${ours.long.length === 0 ? 'PASS' : 'MISS'}` : ''),
            );
            judged.push({ engine: name, input: i + 1, ours: ours.dropped, base: base.dropped, long: longtask ? ours.long.length : null });
          } catch (e) {
            console.log(`\n(${i + 1}) ${sc.name}: could not run: ${e instanceof Error ? e.message : String(e)}`);
            if (r === 0) skipped.push(`${name} (${i + 1}): ${e instanceof Error ? e.message : String(e)}`);
          }
        }
      }
    } catch (e) {
      console.log(`[${name}] could not run: ${e instanceof Error ? e.message : String(e)}`);
      skipped.push(`${name}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      await readers?.close().catch(() => {});
    }
  }
  console.log('\ndropped frames, ours against the baseline reader in the same engine (target: no more than the baseline, every engine):');
  for (const j of judged)
    console.log(
      `  ${j.engine.padEnd(9)} (${j.input})  ours ${String(j.ours).padStart(4)}  baseline ${String(j.base).padStart(4)}  ${j.ours <= j.base ? 'PASS' : 'MISS'}` +
        (j.long === null ? '' : `  long tasks ${j.long} ${j.long === 0 ? 'PASS' : 'MISS'}`),
    );
  for (const s of skipped) console.log(`  ${s}`);
} finally {
  await server.stop();
}
