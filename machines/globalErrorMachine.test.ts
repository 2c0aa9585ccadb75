import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { globalErrorMachine, type GlobalErrorEvent } from './globalErrorMachine';
import { expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: GlobalErrorEvent[] = [
  { type: 'error.reported', kind: 'maintenance' },
  { type: 'error.reported', kind: 'geoBlocking' },
  { type: 'error.reported', kind: 'default' },
  { type: 'route.changed' },
];

describe('globalErrorMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('globalError', globalErrorMachine, machinePaths(globalErrorMachine, { events: EVENTS }));
  });

  it('maps each kind to its state and clears on navigation', () => {
    const a = createActor(globalErrorMachine).start();
    expect(a.getSnapshot().value).toBe('none');
    a.send({ type: 'route.changed' });
    expect(a.getSnapshot().value).toBe('none');
    a.send({ type: 'error.reported', kind: 'geoBlocking' });
    expect(a.getSnapshot().value).toBe('geoBlocking');
    a.send({ type: 'error.reported', kind: 'maintenance' });
    expect(a.getSnapshot().value).toBe('maintenance');
    a.send({ type: 'route.changed' });
    expect(a.getSnapshot().value).toBe('none');
    a.send({ type: 'error.reported', kind: 'default' });
    expect(a.getSnapshot().value).toBe('default');
  });
});
