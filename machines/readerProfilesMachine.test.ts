import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { readerProfilesMachine, type ReaderProfilesEvent, type ReaderProfilesInput } from './readerProfilesMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const INPUT: ReaderProfilesInput = {
  profiles: [
    { id: 'manga', name: 'Manga', builtIn: true },
    { id: 'webtoon', name: 'Webtoon', builtIn: true },
    { id: 'u1', name: 'Bedtime', builtIn: false },
  ],
  active: 'manga',
  titleDefault: null,
};

const OPEN: ReaderProfilesEvent = { type: 'menu.open' };
const CLOSE: ReaderProfilesEvent = { type: 'menu.close' };
const SWITCH: ReaderProfilesEvent = { type: 'profile.switch', id: 'webtoon' };
const APPLIED: ReaderProfilesEvent = { type: 'switch.applied' };
const FAILED: ReaderProfilesEvent = { type: 'switch.failed' };
const SAVE: ReaderProfilesEvent = { type: 'save.start' };
const RENAME: ReaderProfilesEvent = { type: 'rename.start', id: 'u1' };
const DELETE: ReaderProfilesEvent = { type: 'delete.start', id: 'u1' };
const GOOD: ReaderProfilesEvent = { type: 'name.submit', name: '  Night   reading ' };
const EMPTY: ReaderProfilesEvent = { type: 'name.submit', name: '  ' };
const CONFIRM: ReaderProfilesEvent = { type: 'delete.confirm' };
const CANCEL: ReaderProfilesEvent = { type: 'edit.cancel' };
const DEFAULT: ReaderProfilesEvent = { type: 'titleDefault.set', id: 'u1' };

const EVENTS: ReaderProfilesEvent[] = [OPEN, CLOSE, SWITCH, APPLIED, FAILED, SAVE, RENAME, DELETE, GOOD, EMPTY, CONFIRM, CANCEL, DEFAULT];

/** Every transition of each state, from the start. */
const SEQUENCES: ReaderProfilesEvent[][] = [
  [OPEN, CLOSE],
  [OPEN, SWITCH, APPLIED, OPEN],
  [OPEN, SWITCH, FAILED, SWITCH, FAILED, CLOSE],
  [OPEN, SAVE, EMPTY, CANCEL, SAVE, GOOD],
  [OPEN, RENAME, EMPTY, CANCEL, RENAME, GOOD],
  [OPEN, DELETE, CANCEL, DELETE, CONFIRM],
  [OPEN, DEFAULT],
];

describe('readerProfilesMachine: switching, saving, renaming and deleting reading profiles', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'readerProfiles',
      readerProfilesMachine,
      machinePaths(readerProfilesMachine, {
        inputs: [INPUT],
        events: EVENTS,
        serializeState: (s) => JSON.stringify(s.value),
        sequences: () => SEQUENCES,
      }),
    );
  });

  it('a switch applies the profile and makes it the one in use only once its settings are kept', () => {
    const log = actionLog('applyProfile');
    const a = createActor(readerProfilesMachine.provide({ actions: log.actions }), { input: INPUT }).start();
    a.send(OPEN);
    a.send(SWITCH);
    expect(log.calls).toEqual([['applyProfile', 'webtoon']]);
    expect(a.getSnapshot().context.active).toBe('manga');
    a.send(APPLIED);
    expect(a.getSnapshot().value).toBe('applied');
    expect(a.getSnapshot().context.active).toBe('webtoon');
    // A failed switch leaves the profile in use as it was.
    expect(after(readerProfilesMachine, INPUT, [OPEN, SWITCH, FAILED]).context.active).toBe('manga');
  });

  it('refuses unknown profiles, built-in ones to rename or delete, and a full list', () => {
    const s = after(readerProfilesMachine, INPUT, [
      OPEN,
      { type: 'profile.switch', id: 'nope' },
      { type: 'rename.start', id: 'manga' },
      { type: 'delete.start', id: 'webtoon' },
      { type: 'titleDefault.set', id: 'nope' },
    ]);
    expect(s.value).toBe('open');
    expect(s.context.titleDefault).toBeNull();
    const own = Array.from({ length: 8 }, (_, i) => ({ id: `u${i + 1}`, name: `P${i}`, builtIn: false }));
    expect(after(readerProfilesMachine, { ...INPUT, profiles: own }, [OPEN, SAVE]).value).toBe('open');
  });

  it('names: cleaned, refused with the reason (empty, too long, another profile’s), a rename may keep its own', () => {
    const log = actionLog('saveProfile', 'renameProfile');
    const a = createActor(readerProfilesMachine.provide({ actions: log.actions }), { input: INPUT }).start();
    a.send(OPEN);
    a.send(SAVE);
    a.send({ type: 'name.submit', name: 'webtoon' });
    expect(a.getSnapshot().context.problem).toBe('taken');
    a.send({ type: 'name.submit', name: 'x'.repeat(41) });
    expect(a.getSnapshot().context.problem).toBe('long');
    a.send(GOOD);
    expect(a.getSnapshot().value).toBe('open');
    expect(log.calls).toEqual([['saveProfile', { id: 'u2', name: 'Night reading' }]]);
    expect(a.getSnapshot().context.active).toBe('u2');
    a.send(RENAME);
    a.send({ type: 'name.submit', name: 'BEDTIME' });
    expect(log.calls.at(-1)).toEqual(['renameProfile', { id: 'u1', name: 'BEDTIME' }]);
  });

  it('a deleted profile is no longer the one in use nor the title’s default', () => {
    const log = actionLog('deleteProfile', 'saveTitleDefault');
    const a = createActor(readerProfilesMachine.provide({ actions: log.actions }), {
      input: { ...INPUT, active: 'u1' },
    }).start();
    a.send(OPEN);
    a.send(DEFAULT);
    a.send(DELETE);
    a.send(CONFIRM);
    expect(log.calls).toEqual([
      ['saveTitleDefault', 'u1'],
      ['deleteProfile', 'u1'],
    ]);
    const c = a.getSnapshot().context;
    expect([c.active, c.titleDefault, c.profiles.map((p) => p.id)]).toEqual([null, null, ['manga', 'webtoon']]);
  });
});
