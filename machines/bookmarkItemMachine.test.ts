import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { bookmarkItemMachine, type BookmarkItemEvent } from './bookmarkItemMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: BookmarkItemEvent[] = [
  { type: 'bookmark.remove' },
  { type: 'bookmark.undo' },
  { type: 'bookmark.done' },
  { type: 'bookmark.failed', message: 'offline' },
];

describe('bookmarkItemMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('bookmarkItem', bookmarkItemMachine, machinePaths(bookmarkItemMachine, { events: EVENTS }));
  });

  it('REMOVE unsubscribes and keeps the item as removed; UNDO resubscribes; both flag the list', () => {
    const log = actionLog('unsubscribe', 'resubscribe', 'flagListRefresh');
    const a = createActor(bookmarkItemMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'bookmark.remove' });
    expect(a.getSnapshot().value).toBe('removing');
    a.send({ type: 'bookmark.done' });
    expect(a.getSnapshot().value).toBe('removed');
    a.send({ type: 'bookmark.undo' });
    a.send({ type: 'bookmark.done' });
    expect(a.getSnapshot().value).toBe('kept');
    expect(log.names()).toEqual(['unsubscribe', 'flagListRefresh', 'resubscribe', 'flagListRefresh']);
  });

  it('a failed call keeps the previous mark and shows the error until the next try', () => {
    const failedRemove = after(bookmarkItemMachine, undefined, [{ type: 'bookmark.remove' }, EVENTS[3]]);
    expect(failedRemove.value).toBe('kept');
    expect(failedRemove.context.error).toBe('offline');
    const failedUndo = after(bookmarkItemMachine, undefined, [
      { type: 'bookmark.remove' },
      { type: 'bookmark.done' },
      { type: 'bookmark.undo' },
      EVENTS[3],
    ]);
    expect(failedUndo.value).toBe('removed');
    expect(failedUndo.context.error).toBe('offline');
    expect(after(bookmarkItemMachine, undefined, [{ type: 'bookmark.remove' }, EVENTS[3], { type: 'bookmark.remove' }]).context.error).toBe(
      null,
    );
  });
});
