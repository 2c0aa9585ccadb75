import { describe, expect, it } from 'vitest';
import { plainPagePath, plainPageUrl } from './plainPages';

describe('plain page URLs', () => {
  it("names the plain page of an encrypted page's URL, on its origin and base, with the token", () => {
    expect(plainPageUrl('http://127.0.0.1:8080/img/page/1007/3/high.webp', '1007-1796413800-ab')).toBe(
      'http://127.0.0.1:8080/api/manga_viewer_v3/page/1007/3/high.webp?token=1007-1796413800-ab',
    );
    expect(plainPageUrl('https://x.example/base/img/page/5/0/super_high.webp', 't')).toBe(
      'https://x.example/base/api/manga_viewer_v3/page/5/0/super_high.webp?token=t',
    );
    expect(plainPagePath(5, 0, 'low')).toBe('/api/manga_viewer_v3/page/5/0/low.webp');
  });
  it('names none for a URL that is no page (a banner, a page with a query)', () => {
    expect(plainPageUrl('http://h/img/b/1.webp', 't')).toBeNull();
    expect(plainPageUrl('http://h/img/page/1/2/high.webp?x=1', 't')).toBeNull();
  });
});
