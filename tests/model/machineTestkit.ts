import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { AnyStateMachine } from 'xstate';
import { recordCoverage, stateKeys, transitionKeys, type CoverageExceptions } from '../tests/model/coverage';

/**
 * Shared by the shell's pure machine tests: paths from several inputs
 * (branches that depend on input), all of them recorded under one name,
 * and the check that every state and transition is reached.
 */
export function pathsFor(machine: AnyStateMachine, inputs: unknown[], events?: unknown[] | ((s: never) => unknown[]), simple = false) {
  return inputs.flatMap((input) => {
    const model = createTestModel(machine, { ...(input === undefined ? {} : { input }), ...(events ? { events: events as never } : {}) });
    // Shortest paths reach every state; transitions they skip are taken by
    // the paths' own steps or need simple paths, which explode on machines
    // with root-level events (ask for them only where they stay few).
    return simple ? [...model.getShortestPaths(), ...model.getSimplePaths()] : model.getShortestPaths();
  });
}

export function expectFullCoverage(
  name: string,
  machine: AnyStateMachine,
  paths: ReturnType<typeof pathsFor>,
  exceptions: CoverageExceptions = {},
) {
  const got = recordCoverage(name, machine, paths as never, exceptions, 'machine');
  const missingStates = stateKeys(machine).filter((s) => !got.states.includes(s) && !exceptions.states?.[s]);
  const missingTransitions = transitionKeys(machine).filter((t) => !got.transitions.includes(t) && !exceptions.transitions?.[t]);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
}
