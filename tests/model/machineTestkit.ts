import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor, type AnyStateMachine, type EventFrom, type InputFrom, type SnapshotFrom } from 'xstate';
import { recordCoverage, stateKeys, transitionKeys, type CoverageExceptions, type PathLike } from './coverage';

/**
 * The pure machine tests (machines/<thing>Machine.test.ts): paths generated
 * from the machine alone with @xstate/graph, recorded for the coverage table
 * as run against the machine, the check that they reach every state and
 * transition, and a way to replay events on a real actor to check the
 * machine's rules.
 */
interface MachinePathOptions {
  /** Inputs to generate paths from (branches decided by input); none by default. */
  inputs?: readonly unknown[];
  /** Events with payloads to explore (default: the machine's event types without payload). */
  events?: readonly unknown[];
  /** Adds simple paths (only where they stay few: they explode on machines with root-level events). */
  simple?: boolean;
  /** How the graph tells states apart (default: value and context); continuous contexts explore by value. */
  serializeState?: (state: { value: unknown; context: unknown }) => string;
  /** Extra event sequences walked from the start, per input: loops and self-transitions no generated path takes. */
  sequences?: (input: unknown) => ReadonlyArray<ReadonlyArray<{ type: string }>>;
}

/** Shortest paths (plus simple paths and sequences when asked) from every input. */
export function machinePaths(machine: AnyStateMachine, opts: MachinePathOptions = {}): PathLike[] {
  return (opts.inputs ?? [undefined]).flatMap((input) => {
    const model = createTestModel(machine, {
      ...(input === undefined ? {} : { input }),
      ...(opts.events ? { events: opts.events as never } : {}),
      ...(opts.serializeState ? { serializeState: opts.serializeState as never } : {}),
    });
    const paths: PathLike[] = opts.simple ? [...model.getShortestPaths(), ...model.getSimplePaths()] : model.getShortestPaths();
    return [...paths, ...(opts.sequences?.(input) ?? []).map((events) => walk(machine, input, events))].map((p) => ({ ...p, input }));
  });
}

/** A path from an explicit event sequence, walked on a real actor. */
function walk(machine: AnyStateMachine, input: unknown, events: ReadonlyArray<{ type: string }>): PathLike {
  const actor = createActor(machine, input === undefined ? {} : { input }).start();
  const steps: PathLike['steps'] = [{ state: actor.getSnapshot(), event: { type: 'xstate.init' } }];
  for (const e of events) {
    actor.send(e);
    steps.push({ state: actor.getSnapshot(), event: e });
  }
  actor.stop();
  return { steps };
}

/**
 * Records the paths under the machine's name ('machine': run against the
 * machine alone) and fails on any state or transition they miss that is not
 * a listed exception.
 */
export function expectFullCoverage(name: string, machine: AnyStateMachine, paths: PathLike[], exceptions: CoverageExceptions = {}) {
  const got = recordCoverage(name, machine, paths, exceptions, 'machine');
  expect(stateKeys(machine).filter((s) => !got.states.includes(s) && !exceptions.states?.[s])).toEqual([]);
  expect(transitionKeys(machine).filter((t) => !got.transitions.includes(t) && !exceptions.transitions?.[t])).toEqual([]);
}

/** The snapshot after starting the machine with this input and sending these events. */
export function after<M extends AnyStateMachine>(machine: M, input: InputFrom<M>, events: ReadonlyArray<EventFrom<M>>): SnapshotFrom<M> {
  const actor = createActor(machine as AnyStateMachine, input === undefined ? {} : { input }).start();
  for (const e of events) actor.send(e);
  const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
  actor.stop();
  return snapshot;
}

/**
 * Stub implementations for named actions that log each call with its
 * params: `machine.provide({ actions: log.actions })`, then read `log.calls`.
 */
export function actionLog<const N extends string>(...names: N[]) {
  const calls: Array<[N, unknown]> = [];
  const actions = Object.fromEntries(names.map((n) => [n, (_: unknown, params: unknown) => void calls.push([n, params])])) as Record<
    N,
    (_: unknown, params: unknown) => void
  >;
  return { calls, actions, names: () => calls.map(([n]) => n) };
}
