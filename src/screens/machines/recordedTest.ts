import type { LiveActor } from './recorder';

/**
 * Turns an actor's recorded steps into tests: a Vitest file that replays
 * the events on the machine (createActor from machines/index, send each,
 * assert each state value), and a path for the model tests (the input, the
 * events and the state expected after each: tests/model/recordedPath.ts
 * replays it through a UI driver).
 */
export interface RecordedPath {
  format: 'machine-explorer-path/1';
  machine: string;
  input: unknown;
  start: unknown;
  steps: Array<{ event: { type: string } & Record<string, unknown>; value: unknown }>;
}

export function recordedPath(machineName: string, actor: LiveActor, upTo = actor.steps.length): RecordedPath {
  const steps = actor.steps.slice(0, upTo);
  const init = steps.find((s) => s.event.type === 'xstate.init');
  return {
    format: 'machine-explorer-path/1',
    machine: machineName,
    input: actor.input ?? null,
    start: init?.after ?? steps[0]?.before ?? null,
    steps: steps.filter((s) => s.event.type !== 'xstate.init').map((s) => ({ event: s.event, value: s.after })),
  };
}

const json = (v: unknown) => JSON.stringify(v);

/**
 * A Vitest file replaying the path. `machinesIndex` is the import path of
 * machines/index from where the file is saved (default: a folder one below
 * the repository root, as tests/recorded/).
 */
export function vitestFile(path: RecordedPath, machinesIndex = '../../machines/index'): string {
  const steps = path.steps.map((s) => `  [${json(s.event)}, ${json(s.value)}],`).join('\n');
  return `import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineByName } from '${machinesIndex}';

/** Recorded in the machine explorer: ${path.machine}, ${path.steps.length} events replayed, each state asserted. */
const steps: Array<[{ type: string } & Record<string, unknown>, unknown]> = [
${steps}
];

it('${path.machine}: the recorded session replays on the machine', () => {
  const entry = machineByName(${json(path.machine)});
  if (!entry) throw new Error('no machine ${path.machine}');
  const input: unknown = ${json(path.input)};
  const actor = createActor(entry.machine, input === null ? {} : { input });
  actor.start();
  expect(actor.getSnapshot().value).toEqual(${json(path.start)});
  for (const [event, value] of steps) {
    actor.send(event);
    expect(actor.getSnapshot().value, event.type).toEqual(value);
  }
  actor.stop();
});
`;
}
