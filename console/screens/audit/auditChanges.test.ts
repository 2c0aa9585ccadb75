import { describe, expect, it } from 'vitest';
import { changeOf } from './auditChanges';

describe("an audit entry's change as field, before and after", () => {
  it('an edit: only the fields that differ, nested ones by path', () => {
    const before = {
      id: 7,
      status: 'draft',
      languages: ['th'],
      action: { method: 'push', url: 'mangaplus://open/detail?id=1' },
      images: {},
    };
    const after = {
      id: 7,
      status: 'published',
      languages: ['th'],
      action: { method: 'push', url: 'mangaplus://open/detail?id=2' },
      images: { th: '/a.webp' },
    };
    expect(changeOf(before, after)).toEqual({
      recorded: 'both',
      rows: [
        { field: 'status', before: 'draft', after: 'published', hasBefore: true, hasAfter: true },
        {
          field: 'action.url',
          before: 'mangaplus://open/detail?id=1',
          after: 'mangaplus://open/detail?id=2',
          hasBefore: true,
          hasAfter: true,
        },
        { field: 'images.th', before: undefined, after: '/a.webp', hasBefore: false, hasAfter: true },
      ],
    });
  });

  it('a field the after side does not hold was no part of the change; a new one has no before', () => {
    const c = changeOf({ name: '#1', subTitle: 'Old', thumbnailPage: 0 }, { subTitle: 'New', endedSessions: [] });
    expect(c.rows.map((r) => [r.field, r.before, r.after, r.hasBefore])).toEqual([
      ['subTitle', 'Old', 'New', true],
      ['endedSessions', undefined, [], false],
    ]);
  });

  it('one side only: every field of it (a creation, a removal, an older entry)', () => {
    expect(changeOf(null, { name: 'A', kind: 'titles' })).toMatchObject({
      recorded: 'after',
      rows: [
        { field: 'name', after: 'A', hasBefore: false },
        { field: 'kind', after: 'titles', hasBefore: false },
      ],
    });
    expect(changeOf({ name: 'A' }, null)).toMatchObject({ recorded: 'before', rows: [{ field: 'name', before: 'A', hasAfter: false }] });
    expect(changeOf(null, null)).toEqual({ recorded: 'none', rows: [] });
  });

  it('sides that are no records (an order of ids) are one row', () => {
    expect(changeOf([3, 1, 2], [1, 2, 3]).rows).toEqual([
      { field: '', before: [3, 1, 2], after: [1, 2, 3], hasBefore: true, hasAfter: true },
    ]);
  });
});
