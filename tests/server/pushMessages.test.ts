import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../core/languages.js';
import { releaseMessage } from '../../server/push/messages.js';

describe('release notification text', () => {
  it('is written in each of the nine service languages, with its locale and the viewer link', () => {
    const bodies = new Set<string>();
    for (const l of LANGUAGES) {
      const m = releaseMessage(l.service, 'Blade Quest', '#012', 77, 5);
      expect(m).toMatchObject({ title: 'Blade Quest', url: '/viewer/77', lang: l.service, locale: l.locale, chapterId: 77, titleId: 5 });
      expect(m.body).toContain('#012');
      bodies.add(m.body);
    }
    expect(bodies.size).toBe(LANGUAGES.length);
  });

  it('falls back to English for an unknown language', () => {
    expect(releaseMessage('xxx', 'T', 'C', 1, 2)).toMatchObject({ lang: 'eng', locale: 'en-US', body: 'New chapter: C' });
  });
});
