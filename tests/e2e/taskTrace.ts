import type { Page } from 'playwright-core';

/**
 * The longest task of the page's main thread by its thread (CPU) time, read from a Chromium trace ("toplevel"
 * category, each task with its thread time). The browser's long tasks are wall time: on a loaded machine a task of a
 * few milliseconds of work spans 100 ms when the thread waits for a core, and the figure tells the load, not the page.
 * The thread time is what the page itself spent (with the CPU slowed by Chromium, slowed too). Start before the work;
 * the answer stops the trace. Only the tasks between two marks the page sets are counted, not the tracing's own (the
 * renderer handing its trace over takes tens of milliseconds).
 */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The longest task's thread time, and how many tasks took over 50 ms of it. */
interface CpuTasks {
  longest: number;
  over50: number;
}

export async function traceTasks(page: Page): Promise<() => Promise<CpuTasks>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReturnAsStream' });
  await page.evaluate(() => performance.mark('taskTrace:start'));
  return async () => {
    await page.evaluate(() => performance.mark('taskTrace:end'));
    const done = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await done;
    let text = '';
    for (let eof = false; stream && !eof;) {
      const chunk = await cdp.send('IO.read', { handle: stream });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
      eof = chunk.eof;
    }
    if (stream) await cdp.send('IO.close', { handle: stream });
    await cdp.detach();
    const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    // The renderers' main threads (a page and the tab beside it may share one: its tasks block the page too).
    const mains = new Set(
      events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
    );
    const at = (mark: string) => events.find((e) => e.name === mark)?.ts ?? NaN;
    const [from, to] = [at('taskTrace:start'), at('taskTrace:end')];
    const tasks = events.filter(
      (e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mains.has(`${e.pid}:${e.tid}`) && e.ts > from && e.ts < to,
    );
    const ms = tasks.map((e) => (e.tdur ?? 0) / 1000);
    return { longest: Math.max(0, ...ms), over50: ms.filter((t) => t > 50).length };
  };
}
