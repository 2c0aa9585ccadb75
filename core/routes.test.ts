import { describe, expect, it } from 'vitest';
import { CAMPAIGN_PAGES, isAppPath, matchPath, OUTSIDE_PATHS, SHELL_PATHS } from './routes';

describe('matchPath: as wouter matches a pattern', () => {
  it('gives one segment per parameter; case-insensitive, a trailing slash allowed, escapes decoded', () => {
    expect(matchPath('/titles/:id', '/titles/100001')).toEqual({ id: '100001' });
    expect(matchPath('/titles/:id', '/Titles/100001/')).toEqual({ id: '100001' });
    expect(matchPath('/webview/questionnaire/:lang/:questionnaire_key', '/webview/questionnaire/en/q%201')).toEqual({
      lang: 'en',
      questionnaire_key: 'q 1',
    });
    expect(matchPath('/titles/:id', '/titles')).toBeNull();
    expect(matchPath('/titles/:id', '/titles/1/2')).toBeNull();
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '/x')).toBeNull();
    // A malformed escape is matched as it is (wouter does the same).
    expect(matchPath('/titles/:id', '/titles/%E0%A4%A')).toEqual({ id: '%E0%A4%A' });
  });
});

describe('isAppPath: the paths the app has a route for', () => {
  const off = { explorer: false };
  it('every pattern, its parameters filled, is a route', () => {
    for (const p of [...Object.values(OUTSIDE_PATHS), ...Object.values(SHELL_PATHS), ...CAMPAIGN_PAGES]) {
      const path = p.replace(':tab', p.startsWith('/ranking') ? 'hottest' : 'ongoing').replace(/:\w+/g, '7');
      expect([path, isAppPath(path, { explorer: true })]).toEqual([path, true]);
    }
  });
  it('a tab the screens do not draw, an unknown address, a route with more segments: not routes', () => {
    expect(isAppPath('/ranking/completed', off)).toBe(true);
    expect(isAppPath('/manga_list/updated', off)).toBe(true);
    expect(isAppPath('/ranking/weekly', off)).toBe(false);
    expect(isAppPath('/ranking/HOTTEST', off)).toBe(false);
    expect(isAppPath('/manga_list/one-shot', off)).toBe(false);
    expect(isAppPath('/nope', off)).toBe(false);
    expect(isAppPath('/viewer/1/2', off)).toBe(false);
    expect(isAppPath('/static/app.js', off)).toBe(false);
  });
  it('the machine explorer’s pages only where it is on', () => {
    expect(isAppPath('/machines/paging', off)).toBe(false);
    expect(isAppPath('/machines/paging', { explorer: true })).toBe(true);
  });
});
