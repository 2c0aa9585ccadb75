import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../../machines/index';
import { readMachine, type StateInfo } from './chartModel';
import { stateLine, transitionLine } from './sourceLines';

describe('source lines of states and transitions', () => {
  for (const { name, machine } of MACHINES)
    it(`${name}: every state and transition points at its own key`, () => {
      const src = fs.readFileSync(`machines/${name}Machine.ts`, 'utf8');
      const lines = src.split('\n');
      const { root, transitions } = readMachine(machine);
      const states: StateInfo[] = [];
      const walk = (s: StateInfo) => {
        states.push(s);
        s.children.forEach(walk);
      };
      root.children.forEach(walk);
      for (const s of states) expect(lines[stateLine(src, s.id) - 1], s.id).toMatch(new RegExp(`^\\s*['"]?${s.key}['"]?\\s*:`));
      for (const t of transitions) {
        const n = transitionLine(src, t.source, t.event);
        expect(n, `${t.source} ${t.event}`).toBeGreaterThan(0);
        if (t.source !== root.id && n !== stateLine(src, t.source)) expect(n).toBeGreaterThan(stateLine(src, t.source));
      }
    });
});
