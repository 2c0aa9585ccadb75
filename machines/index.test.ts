import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MACHINES, machineByName } from './index';

/** machines/<thing>Machine.ts, by file name: what the registry must list. */
const files = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => /^[a-z][A-Za-z]*Machine\.ts$/.test(f))
  .sort();

describe('the machine registry (machines/index.ts)', () => {
  it('lists every machine file with the machine it exports', async () => {
    expect(files.length).toBeGreaterThan(20);
    expect(MACHINES.map((m) => `${m.name}Machine.ts`)).toEqual(files);
    for (const m of MACHINES) {
      const mod = (await import(`./${m.name}Machine.ts`)) as Record<string, unknown>;
      expect(mod[`${m.name}Machine`], m.name).toBe(m.machine);
      expect(m.id).toBe(m.machine.id);
    }
  });

  it('finds a machine by name or id', () => {
    expect(machineByName('paging')?.machine.id).toBe('paging');
    expect(machineByName('nothing')).toBeUndefined();
  });

  it('every machine has a pure test beside it', () => {
    const dir = import.meta.dirname;
    expect(files.filter((f) => !fs.existsSync(path.join(dir, f.replace(/\.ts$/, '.test.ts'))))).toEqual([]);
  });
});
