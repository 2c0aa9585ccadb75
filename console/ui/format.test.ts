import { describe, expect, it } from 'vitest';
import { when } from './format';

describe('console formats', () => {
  it('writes a time with its zone (dateStyle cannot carry a zone name: the fields are named)', () => {
    expect(when(1_795_689_505)).toMatch(/2026/);
    expect(when(null)).toBe('—');
  });
});
