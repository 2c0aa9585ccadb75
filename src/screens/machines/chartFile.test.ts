import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { MACHINES } from '../../../machines/index';
import { chartFile } from './chartFile';
import { MARK_COLOURS } from './chartMarks';
import { stateKeysOf, transitionKeysOf } from './chartModel';
import { machineCoverage } from './coverageModel';

const elk = new ELK();
const run = (g: unknown) => elk.layout(g as never);

/** The charts `npm test` writes for a pull request: the explorer's drawing, coloured as its coverage says. */
describe('a machine chart as an SVG file', () => {
  const { name, machine } = MACHINES.find((m) => m.name === 'favoriteToggle') ?? MACHINES[0];
  const states = stateKeysOf(machine);
  const transitions = transitionKeysOf(machine);

  it('colours what the UI runs took and marks the rest uncovered, at the chart’s own size', async () => {
    const coverage = machineCoverage(
      [{ name, totalStates: states, totalTransitions: transitions, states: states.slice(0, 1), transitions: transitions.slice(0, 1) }],
      name,
    );
    const svg = await chartFile(machine, coverage, run);
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
    expect(svg).toMatch(/<svg[^>]* width="\d+" height="\d+"/);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    // One covered state and transition, every other one uncovered, each with its title.
    expect(svg.match(/data-mark="covered"/g)).toHaveLength(2);
    expect(svg.match(/data-mark="uncovered"/g)).toHaveLength(states.length - 1 + transitions.length - 1);
    expect(svg).toContain(`stroke="${MARK_COLOURS.uncovered}"`);
    expect(svg).toContain(`${transitions[1]}: no UI run`);
  });

  it('without a record it is the plain chart', async () => {
    const svg = await chartFile(machine, null, run);
    expect(svg).not.toContain('data-mark=');
    for (const s of states.slice(1)) expect(svg).toContain(`data-state-id="${s}"`);
  });
});
