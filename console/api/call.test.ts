import { describe, expect, it } from 'vitest';
import { addressOf } from './call';

describe('a console call by its route', () => {
  it('fills the path parameters (escaped) and appends the query, leaving out empty values', () => {
    expect(addressOf('DELETE /news/:id', { params: { id: 12 }, query: { version: 3 } })).toBe('/news/12?version=3');
    expect(addressOf('GET /news', { query: { publisher: 2, language: undefined } })).toBe('/news?publisher=2');
    expect(addressOf('GET /announcements', {})).toBe('/announcements');
    expect(addressOf('PATCH /announcements/:id', { params: { id: 'a/b' } })).toBe('/announcements/a%2Fb');
  });

  it('refuses a path parameter without a value', () => {
    expect(() => addressOf('PATCH /news/:id', {})).toThrow(/:id/);
  });
});
