/**
 * Paths generated from a machine (tests/model/uiModel.ts), executed in
 * Chromium: each step is done as a reader would (a key, a tap, a drag, a
 * menu choice, a server answer released), then the driver checks what the
 * viewer shows in the state the model says it is in.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { AnyStateMachine } from 'xstate';
import { recordCoverage, stateKeys, transitionKeys, type CoverageExceptions } from '../model/coverage';
import { generatePaths, valueKey, type UiModelOptions } from '../model/uiModel';

export type Ev = Record<string, unknown> & { type: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Snap = { value: unknown; context: any };

export interface BrowserDriver<I> {
  /** A fresh context and page for one path, ready for its first check. */
  open(input: I): Promise<Page>;
  /** Performs one event as the reader would; `before` are the path's events so far. */
  events: Record<string, (page: Page, e: Ev, input: I, before: Ev[]) => Promise<unknown>>;
  /** Waits until the page shows `state`, then asserts what the reader sees. */
  check(page: Page, state: Snap, input: I, before: Ev[]): Promise<void>;
  close(page: Page): Promise<void>;
  /** What the app says about itself, for failure messages. */
  describe?(page: Page): Promise<unknown>;
}

export async function runInBrowser<I>(machine: AnyStateMachine, opts: UiModelOptions, driver: BrowserDriver<I>): Promise<number> {
  const paths = generatePaths(machine, opts);
  for (const p of paths) {
    const input = p.input as I;
    const page = await driver.open(input);
    try {
      const before: Ev[] = [];
      for (const step of p.steps) {
        const ev = step.event as Ev;
        const s = step.state as Snap & { _nodes?: Array<{ always?: unknown[] }> };
        try {
          if (!ev.type.startsWith('xstate.')) {
            await driver.events[ev.type](page, ev, input, before);
            before.push(ev);
          }
          // Eventless (transient) states are passed through, never shown.
          if (s._nodes?.some((n) => (n.always?.length ?? 0) > 0)) continue;
          await driver.check(page, s, input, before);
        } catch (e) {
          const now = await driver.describe?.(page).catch(() => null);
          throw new Error(
            `${opts.name} (input ${JSON.stringify(input, (k, v: unknown) => (k === 'geometry' ? '…' : v))}): ${JSON.stringify(ev)} → expected ${valueKey(s.value)}, app says ${JSON.stringify(now)}; path ${p.steps
              .map((x) => x.event.type)
              .join(' → ')}: ${(e as Error).message.split('\n')[0]}`,
            { cause: e },
          );
        }
      }
    } finally {
      await driver.close(page);
    }
  }
  const ex: CoverageExceptions = opts.exceptions ?? {};
  const got = recordCoverage(opts.name, machine, paths, ex);
  expect(stateKeys(machine).filter((s) => !got.states.includes(s) && !ex.states?.[s])).toEqual([]);
  expect(transitionKeys(machine).filter((t) => !got.transitions.includes(t) && !ex.transitions?.[t])).toEqual([]);
  return paths.length;
}
