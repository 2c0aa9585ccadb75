import { describe, expect, it } from 'vitest';
import type { LiveActor } from './recorder';
import { recordedPath, vitestFile } from './recordedTest';

const actor: LiveActor = {
  key: 't:1',
  tab: 't',
  id: 'x:1',
  systemId: null,
  parent: null,
  machineId: 'commentSort',
  input: null,
  value: 'latest',
  context: {},
  status: 'active',
  updated: 2,
  steps: [
    { seq: 1, time: 1, event: { type: 'xstate.init' }, source: null, before: null, after: 'likes', context: {} },
    { seq: 2, time: 2, event: { type: 'sort.latest' }, source: null, before: 'likes', after: 'latest', context: {} },
  ],
};

describe('a recorded actor as a test', () => {
  it('keeps the start and each event with the state after it', () => {
    const p = recordedPath('commentSort', actor);
    expect(p.start).toBe('likes');
    expect(p.steps).toEqual([{ event: { type: 'sort.latest' }, value: 'latest' }]);
    expect(recordedPath('commentSort', actor, 1).steps).toEqual([]);
  });
  it('writes a Vitest file that replays the events and asserts each state', () => {
    const text = vitestFile(recordedPath('commentSort', actor));
    expect(text).toContain(`machineByName("commentSort")`);
    expect(text).toContain(`[{"type":"sort.latest"}, "latest"]`);
    expect(text).toContain('expect(actor.getSnapshot().value).toEqual("likes")');
  });
});
