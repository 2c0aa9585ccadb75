import type { AnyStateMachine } from 'xstate';

/**
 * Every machine of the app, found by file name (machines/<thing>Machine.ts,
 * export <thing>Machine), for the machine explorer. New machines appear
 * without edits here.
 */
export interface MachineEntry {
  name: string;
  machine: AnyStateMachine;
  /** The first paragraph of the machine's doc comment is not available at run time; the id is. */
  id: string;
}

const modules = import.meta.glob<Record<string, unknown>>('./*Machine.ts', { eager: true });

export const MACHINES: MachineEntry[] = Object.entries(modules)
  .flatMap(([file, mod]) => {
    const name = file.replace(/^\.\//, '').replace(/Machine\.ts$/, '');
    const machine = mod[`${name}Machine`] as AnyStateMachine | undefined;
    return machine && typeof machine === 'object' && 'root' in machine ? [{ name, machine, id: machine.id }] : [];
  })
  .sort((a, b) => a.name.localeCompare(b.name));

export function machineByName(name: string): MachineEntry | undefined {
  return MACHINES.find((m) => m.name === name || m.id === name);
}
