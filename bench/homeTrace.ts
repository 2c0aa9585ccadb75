/**
 * Where a cold first visit's time goes (issue 49): Chromium's own trace of
 * /updates (or BENCH_PATH) from navigation to the first cover painted, in a
 * fresh context, then the page's main thread summed by what it did (parsing
 * HTML, compiling and running scripts, style, layout, paint, image decoding,
 * idle), the marks that matter (first paint, the render-blocking stylesheets'
 * arrival, the first cover loaded and painted) and every main-thread
 * task over 16 ms with what filled it. BENCH_RUNS (default 3) runs, each
 * printed: the figures of one cold visit vary by tens of milliseconds.
 *
 *   npm run build && npm run bench -- homeTrace
 */
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, startServer } from '../tests/e2e/harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PATH = process.env.BENCH_PATH ?? '/updates';
const COVER = /\/img\/title\/\d+\/portrait/;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string } };
}

/** What a main-thread event is counted as (its own time, children excluded). */
const KIND: [RegExp, string][] = [
  [/^(ParseHTML)$/, 'parse HTML'],
  [/^(v8\.compile|v8\.compileModule|CompileScript|CompileCode|v8\.parseOnBackground|CacheScript)$/, 'compile script'],
  [
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|V8\.Execute|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.run)$/,
    'run script',
  ],
  [/^(ParseAuthorStyleSheet|UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation)$/, 'style'],
  [/^(Layout|UpdateLayerTree|PrePaint|IntersectionObserverController::computeIntersections)$/, 'layout'],
  [/^(Paint|PaintImage|Layerize|Commit|CompositeLayers|RasterTask)$/, 'paint'],
  [/^(Decode Image|ImageDecodeTask|Decode LazyPixelRef)$/, 'decode image'],
  [/^(MajorGC|MinorGC|V8\.GC.*|BlinkGC.*)$/, 'garbage collection'],
];
/** Unclassified events keep their own name (so that a new kind of work shows as what the trace calls it). */
const kindOf = (name: string) => KIND.find(([re]) => re.test(name))?.[1] ?? name;

/** The first cover's load and paint (performance.now()), found from the page. */
const PROBE = `(() => {
  let done = false;
  const hit = (img) => {
    if (done || !(img instanceof HTMLImageElement) || !${COVER.toString()}.test(img.currentSrc || img.src) || !img.complete || img.naturalWidth === 0) return;
    done = true;
    const loaded = performance.now();
    requestAnimationFrame(() => { window.__firstCover = { loaded, painted: performance.now() }; });
  };
  addEventListener('load', (e) => hit(e.target), true);
  const poll = () => { if (done) return; for (const img of document.images) hit(img); requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
})()`;

async function coverTimes(page: Page): Promise<{ loaded: number; painted: number }> {
  for (;;) {
    const r = await page.evaluate(() => {
      const w = window as unknown as { __firstCover?: { loaded: number; painted: number } };
      return w.__firstCover;
    });
    if (r) return r;
    await page.waitForTimeout(20);
  }
}

/** The navigation to the page (its renderer can be another than the first: a process swap) and that renderer's main thread. */
function navigation(events: TraceEvent[]): { pid: number; tid: number; ts: number } {
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      String((e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL ?? '').endsWith(PATH),
  );
  if (!nav) throw new Error(`no navigation to ${PATH} in the trace`);
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'CrRendererMain');
  return { pid: nav.pid, tid: main?.tid ?? nav.tid, ts: nav.ts };
}

/** When each render-blocking stylesheet of the page finished (µs, trace time). */
function blockingSheets(events: TraceEvent[], pid: number): number[] {
  type Data = { requestId?: string; url?: string; renderBlocking?: string };
  const data = (e: TraceEvent) => (e.args?.data ?? {}) as Data;
  const ids = new Set(
    events
      .filter(
        (e) =>
          e.pid === pid &&
          e.name === 'ResourceSendRequest' &&
          data(e).renderBlocking === 'blocking' &&
          /\.css(\?|$)/.test(data(e).url ?? ''),
      )
      .map((e) => data(e).requestId),
  );
  return events.filter((e) => e.pid === pid && e.name === 'ResourceFinish' && ids.has(data(e).requestId)).map((e) => e.ts);
}

/** Self time per kind within [from, to] (µs), from complete ('X') events nested on one thread. */
function selfTimes(events: TraceEvent[], from: number, to: number): Map<string, number> {
  const xs = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts < to && e.ts + e.dur > from)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const out = new Map<string, number>();
  const stack: { e: TraceEvent; child: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= upTo) {
      const { e, child } = stack.pop()!;
      const own = Math.max(0, Math.min(e.ts + e.dur!, to) - Math.max(e.ts, from) - child);
      const k = e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask' ? 'task (unattributed)' : kindOf(e.name);
      out.set(k, (out.get(k) ?? 0) + own);
      if (stack.length) stack.at(-1)!.child += Math.min(e.ts + e.dur!, to) - Math.max(e.ts, from);
    }
  };
  for (const e of xs) {
    close(e.ts);
    stack.push({ e, child: 0 });
  }
  close(Infinity);
  return out;
}

/** Kinds under 2 ms folded into one 'other'. */
function fold(m: Map<string, number>): [string, number][] {
  const out: [string, number][] = [];
  let other = 0;
  for (const [k, v] of m)
    if (v >= 2000 || KIND.some(([, kind]) => kind === k)) out.push([k, v]);
    else other += v;
  return other ? [...out, ['other', other]] : out;
}

const server = await startServer({ DATA_DIR: '.tmp/bench-data', PUSH_CHECK_SECONDS: '0' });
const browser = await launchBrowser();
try {
  console.log(`cold first visit of ${PATH}: Chromium's trace, desktop 1440×900, fresh context per run, ${RUNS} runs`);
  for (let run = 1; run <= RUNS; run++) {
    const ctx = await newContext(browser, 'desktop');
    await ctx.addInitScript(PROBE);
    const page = await ctx.newPage();
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8'],
    });
    await page.goto(`${server.url}${PATH}`, { waitUntil: 'commit' });
    const cover = await coverTimes(page);
    await page.waitForTimeout(100);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    await ctx.close();
    const { pid, tid, ts: t0 } = navigation(events);
    const ms = (ts: number) => Math.round((ts - t0) / 1000);
    const main = events.filter((e) => e.pid === pid && e.tid === tid);
    const paintedAt = t0 + cover.painted * 1000;
    const mark = (name: string) => events.find((e) => e.name === name && e.pid === pid && e.ts >= t0);
    const fp = mark('firstPaint');
    const fcp = mark('firstContentfulPaint');
    const sheets = blockingSheets(events, pid);
    console.log(`\nrun ${run}: first cover loaded ${Math.round(cover.loaded)} ms, painted ${Math.round(cover.painted)} ms`);
    console.log(
      `  marks: first paint ${fp ? ms(fp.ts) : '–'} ms, first contentful paint ${fcp ? ms(fcp.ts) : '–'} ms, ` +
        `render-blocking stylesheets (${sheets.length}) done ${sheets.length ? Math.max(...sheets.map(ms)) : '–'} ms`,
    );
    const self = selfTimes(main, t0, paintedAt);
    const busy = [...self.values()].reduce((a, b) => a + b, 0);
    const total = paintedAt - t0;
    console.log(
      `  main thread until the cover was painted (${Math.round(total / 1000)} ms): ` +
        [...fold(self), ['idle', Math.max(0, total - busy)] as [string, number]]
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${k} ${Math.round(v / 1000)}`)
          .join(', ') +
        ' ms',
    );
    const tasks = main.filter(
      (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur! > 16_000 && e.ts < paintedAt,
    );
    for (const t of tasks) {
      const inner = selfTimes(
        main.filter((e) => e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur!),
        t.ts,
        t.ts + t.dur!,
      );
      const urls = main
        .filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur! && (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule'))
        .map((e) => String(e.args?.data?.url ?? '').replace(/^.*\/assets\//, ''))
        .filter(Boolean);
      console.log(
        `  task at ${ms(t.ts)} ms, ${Math.round(t.dur! / 1000)} ms: ` +
          [...fold(inner)]
            .filter(([, v]) => v >= 1000)
            .sort((a, b) => b[1] - a[1])
            .map(([k, v]) => `${k} ${Math.round(v / 1000)}`)
            .join(', ') +
          (urls.length ? ` (scripts: ${[...new Set(urls)].slice(0, 6).join(', ')})` : ''),
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
