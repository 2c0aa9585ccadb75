import { cleanup, waitFor } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import { createActor, type AnyStateMachine } from 'xstate';
import { expect } from 'vitest';
import { observeMachine, stateKeys, transitionKeys, type CoverageExceptions, type PathLike } from './coverage';

/**
 * Executes paths generated from a machine against the real rendered UI:
 * for each path, render fresh, then for every step perform the event the
 * way a person (or the outside world: a server answer, a timer) would and
 * wait until the UI shows the step's state. Records what the app's own
 * actors of the machine executed meanwhile (observeMachine, coverage.ts) and
 * fails when a state or transition was missed (minus the exceptions).
 */
export interface UiDriver<S = { value: unknown; context: unknown }> {
  render(): void | Promise<void>;
  /** Performs one event; keyed by event type. */
  events: Record<string, (event: Record<string, unknown> & { type: string }) => unknown>;
  /** Asserts what the user sees in this state (throws until it holds). */
  check(state: S): void;
}

export interface UiModelOptions {
  name: string;
  /** Inputs to generate paths from (branches decided by input). */
  inputs?: unknown[];
  /** Events with payloads to explore (defaults to the machine's event types without payload). */
  events?: unknown[];
  /** Add simple paths (only where they stay few). */
  simple?: boolean;
  /**
   * Extra event sequences walked from the start (model.getPathsFromEvents):
   * self-transitions and loops that no shortest or simple path takes.
   */
  sequences?: unknown[][] | ((input: unknown) => unknown[][]);
  exceptions?: CoverageExceptions;
  /** Event types the UI cannot produce in this setup: paths using them are left out. */
  skipEvents?: string[];
  /** Steps the UI cannot take (from this state value, this event, after these events): paths with one are left out. */
  skipStep?: (
    fromValue: string,
    event: { type: string } & Record<string, unknown>,
    input: unknown,
    before: Array<{ type: string } & Record<string, unknown>>,
  ) => boolean;
  /**
   * How the graph tells states apart (default: value and context). Machines
   * whose context is continuous (positions) explore by value alone.
   */
  serializeState?: (state: { value: unknown; context: unknown }) => string;
}

export function generatePaths(machine: AnyStateMachine, opts: UiModelOptions): Array<PathLike & { input: unknown; description: string }> {
  const inputs = opts.inputs ?? [undefined];
  return inputs.flatMap((input) => {
    const model = createTestModel(machine, {
      ...(input === undefined ? {} : { input }),
      ...(opts.events ? { events: opts.events as never } : {}),
      ...(opts.serializeState ? { serializeState: opts.serializeState as never } : {}),
    });
    const paths = opts.simple ? [...model.getShortestPaths(), ...model.getSimplePaths()] : model.getShortestPaths();
    const all: PathLike[] = [...paths];
    const seqs = typeof opts.sequences === 'function' ? opts.sequences(input) : (opts.sequences ?? []);
    for (const seq of seqs) all.push(walk(machine, input, seq as Array<{ type: string }>));
    const usable = all.filter(
      (p) =>
        !p.steps.some(
          (st, i) =>
            opts.skipEvents?.includes(st.event.type) ||
            (i > 0 &&
              opts.skipStep?.(
                valueKey((p.steps[i - 1].state as { value: unknown }).value),
                st.event,
                input,
                p.steps.slice(1, i).map((x) => x.event),
              )),
        ),
    );
    return longest(usable).map((p) => Object.assign(p, { input, description: (p as { description?: string }).description ?? '' }));
  });
}

/**
 * The paths that are not the start of another (nor a copy of one). Every
 * step of a path is performed and checked on screen, from a fresh render:
 * a path whose events begin another path's is walked, step by step and
 * check by check, by that longer path. Shortest paths form a tree from the
 * start (one per state the graph tells apart), so most of them are such
 * prefixes: the leaves alone reach every state and take every transition
 * the tree does, from far fewer renders.
 */
function longest<P extends PathLike>(paths: readonly P[]): P[] {
  const keyOf = (p: PathLike, n = p.steps.length) =>
    p.steps
      .slice(0, n)
      .map((s) => JSON.stringify(s.event))
      .join('\n');
  const prefixes = new Set<string>();
  for (const p of paths) for (let n = 1; n < p.steps.length; n++) prefixes.add(keyOf(p, n));
  const seen = new Set<string>();
  return paths.filter((p) => {
    const k = keyOf(p);
    if (prefixes.has(k) || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * A path from an explicit event sequence, walked on a real actor (the
 * graph's getPathsFromEvents does not resolve input and eventless starts).
 */
export function walk(machine: AnyStateMachine, input: unknown, events: Array<{ type: string }>): PathLike {
  const actor = createActor(machine, input === undefined ? {} : { input });
  actor.start();
  const steps: PathLike['steps'] = [{ state: actor.getSnapshot(), event: { type: 'xstate.init' } }];
  for (const e of events) {
    actor.send(e);
    steps.push({ state: actor.getSnapshot(), event: e });
  }
  actor.stop();
  return { steps };
}

export async function runUiModel(
  machine: AnyStateMachine,
  opts: UiModelOptions,
  driverFor: (input: unknown) => UiDriver,
): Promise<{ paths: number; steps: number }> {
  const paths = generatePaths(machine, opts);
  const observed = observeMachine(opts.name, machine);
  let steps = 0;
  for (const p of paths) {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    const d = driverFor(p.input);
    await d.render();
    for (const step of p.steps) {
      const ev = step.event as Record<string, unknown> & { type: string };
      if (!ev.type.startsWith('xstate.')) {
        const run = d.events[ev.type];
        if (!run) throw new Error(`${opts.name}: no UI action for event ${ev.type}`);
        try {
          await run(ev);
        } catch (e) {
          throw new Error(
            `${opts.name}: step ${JSON.stringify(ev)} of path [${p.steps.map((x) => x.event.type).join(' → ')}]: ${(e as Error).message}`,
            { cause: e },
          );
        }
      }
      const state = step.state as { value: unknown; context: unknown; _nodes?: Array<{ always?: unknown[] }> };
      // A transient state (eventless transitions only) is never on screen: the graph's
      // start snapshot can hold one; the next step shows where it resolved to.
      if (state._nodes?.some((n) => (n.always?.length ?? 0) > 0)) continue;
      try {
        await waitFor(() => d.check(state));
      } catch (e) {
        throw new Error(
          `${opts.name}: state ${JSON.stringify(state.value)} after ${JSON.stringify(step.event)} in path [${p.steps.map((x) => x.event.type).join(' → ')}]: ${(e as Error).message.split('\n')[0]}`,
          { cause: e },
        );
      }
      steps++;
    }
  }
  cleanup();
  const got = observed.record(opts.exceptions ?? {});
  const ex = opts.exceptions ?? {};
  expect(stateKeys(machine).filter((s) => !got.states.includes(s) && !ex.states?.[s])).toEqual([]);
  expect(transitionKeys(machine).filter((t) => !got.transitions.includes(t) && !ex.transitions?.[t])).toEqual([]);
  return { paths: paths.length, steps };
}

/** A state value as text: a string as is, a parallel value as "region:value,region:value". */
export function valueKey(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, x]) => `${k}:${valueKey(x)}`)
      .join(',');
  return String(v);
}
