import fs from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import type { RecordedPath } from '../../src/screens/machines/recordedTest';
import { walk, type UiModelOptions } from './uiModel';

/**
 * Loads a path recorded in the machine explorer ("Export as model path":
 * a live actor's input, its events and the state after each) so a model
 * test can run it against the UI: spread `recordedOptions(path)` into
 * runUiModel's options (the path joins the generated ones as a sequence),
 * and `recordedMismatches` tells where the machine no longer agrees with
 * what was recorded.
 */
export function loadRecordedPath(file: string): RecordedPath {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedPath;
  if (p.format !== 'machine-explorer-path/1') throw new Error(`${file}: not a machine explorer path`);
  return p;
}

export function recordedOptions(p: RecordedPath): Pick<UiModelOptions, 'inputs' | 'sequences'> {
  return { inputs: [p.input ?? undefined], sequences: [p.steps.map((s) => s.event)] };
}

/** Steps whose state on the machine today differs from the recorded one (none: it still agrees). */
export function recordedMismatches(machine: AnyStateMachine, p: RecordedPath): string[] {
  const walked = walk(
    machine,
    p.input ?? undefined,
    p.steps.map((s) => s.event),
  );
  return p.steps.flatMap((s, i) => {
    const got = (walked.steps[i + 1]?.state as { value: unknown } | undefined)?.value;
    return JSON.stringify(got) === JSON.stringify(s.value)
      ? []
      : [`${i + 1} ${s.event.type}: ${JSON.stringify(got)} ≠ ${JSON.stringify(s.value)}`];
  });
}
