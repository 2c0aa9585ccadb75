import { describe, expect, it } from 'vitest';
import { changedFields, when } from './format';

describe('console formats', () => {
  it('writes a time with its zone (dateStyle cannot carry a zone name: the fields are named)', () => {
    expect(when(1_795_689_505)).toMatch(/2026/);
    expect(when(null)).toBe('—');
  });

  it('shows only the fields an audit entry changed', () => {
    const member = { id: 2, name: 'Ana', roles: ['analyst'], disabled: false, version: 0 };
    expect(changedFields(member, { ...member, disabled: true, version: 1 })).toEqual({
      before: { disabled: false, version: 0 },
      after: { disabled: true, version: 1 },
    });
    expect(changedFields(null, { reason: 'sign-out' })).toEqual({ before: null, after: { reason: 'sign-out' } });
    expect(changedFields({ a: 1 }, { a: 1, b: 2 })).toEqual({ before: {}, after: { b: 2 } });
  });
});
