// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFS_COOKIES, STORAGE } from '../../../core/storageKeys';
import { DEFAULT_DISPLAY, DEFAULT_FILTER, DEFAULT_TITLE } from '../../../core/viewer/readerSettings';
import {
  browserSource,
  mirrorPrefsCookies,
  readStored,
  saveLanguages,
  saveResolution,
  saveDisplaySettings,
  saveResumePosition,
  saveTitleSettings,
  saveViewerMode,
  storedDisplaySettings,
  storedContentLangs,
  storedResolution,
  storedResumePosition,
  storedServiceLang,
  storedTitleSettings,
  storedViewerMode,
  type StoreSource,
} from './index';
import { cookieSource } from '../cookieSource';

const TOKEN = '0123456789abcdef0123456789abcdef';

function cookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split(';')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf('=')), decodeURIComponent(c.slice(c.indexOf('=') + 1))]),
  );
}

afterEach(() => {
  localStorage.clear();
  for (const name of Object.values(PREFS_COOKIES)) document.cookie = `${name}=; path=/; max-age=0`;
  vi.restoreAllMocks();
});

describe('readStored', () => {
  it('parses each preference once, from any source', () => {
    const values: Record<string, string> = {
      [STORAGE.serviceLang]: 'esp',
      [STORAGE.contentLangs]: '["es","en"]',
      [STORAGE.viewerMode]: 'horizontal',
      [STORAGE.pageResolution]: 'high',
      [STORAGE.sessionId]: TOKEN,
    };
    const asked: string[] = [];
    const source: StoreSource = {
      getItem: (k) => {
        asked.push(k);
        return values[k] ?? null;
      },
    };
    expect(readStored(source)).toEqual({
      serviceLang: 'esp',
      contentLangs: ['es', 'en'],
      viewerMode: 'horizontal',
      resolution: 'high',
      session: TOKEN,
    });
    expect(asked.sort()).toEqual(Object.keys(values).sort());
  });

  it('damaged or unknown values read as nothing stored', () => {
    const values: Record<string, string> = {
      [STORAGE.serviceLang]: 'xx',
      [STORAGE.contentLangs]: '["zz", 3',
      [STORAGE.viewerMode]: 'sideways',
      [STORAGE.pageResolution]: 'ultra',
      [STORAGE.sessionId]: 'not-a-token',
    };
    expect(readStored({ getItem: (k) => values[k] ?? null })).toEqual({
      serviceLang: null,
      contentLangs: null,
      viewerMode: null,
      resolution: null,
      session: null,
    });
    // Unknown content languages are dropped; none left is nothing stored.
    expect(readStored({ getItem: (k) => (k === STORAGE.contentLangs ? '["zz","fr"]' : null) }).contentLangs).toEqual(['fr']);
    expect(readStored({ getItem: (k) => (k === STORAGE.contentLangs ? '["zz"]' : null) }).contentLangs).toBeNull();
  });

  it('reads a request cookie header as the server renders it (same parsers)', () => {
    const header = `other=%zz; mr_lang=fra; mr_clang=${encodeURIComponent('["fr","en"]')}; mr_vmode=horizontal; mr_res=low; mr_sid=${TOKEN}`;
    expect(readStored(cookieSource(header))).toEqual({
      serviceLang: 'fra',
      contentLangs: ['fr', 'en'],
      viewerMode: 'horizontal',
      resolution: 'low',
      session: TOKEN,
    });
    expect(readStored(cookieSource(undefined)).serviceLang).toBeNull();
  });
});

describe('browser storage', () => {
  it('saves values and mirrors the preferences into cookies the server reads back alike', () => {
    saveLanguages('es', ['es', 'fr']);
    saveViewerMode('horizontal');
    saveResolution('low');
    localStorage.setItem(STORAGE.sessionId, TOKEN);
    mirrorPrefsCookies();
    expect(cookies()).toMatchObject({ mr_lang: 'esp', mr_clang: '["es","fr"]', mr_vmode: 'horizontal', mr_res: 'low', mr_sid: TOKEN });
    expect(readStored(cookieSource(document.cookie))).toEqual(readStored(browserSource));
    expect([storedServiceLang(), storedContentLangs(), storedViewerMode(), storedResolution()]).toEqual([
      'esp',
      ['es', 'fr'],
      'horizontal',
      'low',
    ]);
  });

  it('mirrors the languages only as a pair, and drops a cookie whose value is gone', () => {
    localStorage.setItem(STORAGE.serviceLang, 'eng');
    mirrorPrefsCookies();
    expect(cookies().mr_lang).toBeUndefined();
    saveViewerMode('vertical');
    expect(cookies().mr_vmode).toBe('vertical');
    localStorage.removeItem(STORAGE.viewerMode);
    mirrorPrefsCookies();
    expect(cookies().mr_vmode).toBeUndefined();
  });

  it('defaults: English, the service language as content, nothing else', () => {
    expect(storedServiceLang()).toBe('eng');
    expect(storedContentLangs()).toEqual(['en']);
    localStorage.setItem(STORAGE.serviceLang, 'ind');
    expect(storedContentLangs()).toEqual(['id']);
    expect(storedViewerMode()).toBeNull();
    expect(storedResolution()).toBeNull();
  });

  it('keeps a resume position per chapter, the 200 most recent', () => {
    expect(storedResumePosition(7)).toBe(0);
    saveResumePosition(7, 12);
    expect(storedResumePosition(7)).toBe(12);
    for (let c = 1000; c < 1200; c++) saveResumePosition(c, 1);
    expect(storedResumePosition(7)).toBe(0);
    expect(storedResumePosition(1000)).toBe(1);
    localStorage.setItem(STORAGE.resumePositions, '{"7": -3, "8": 2.5, "9": "x"');
    expect([storedResumePosition(7), storedResumePosition(8)]).toEqual([0, 0]);
  });

  it('keeps the reader display settings once, title settings per title (a title back at the defaults is dropped)', () => {
    expect(storedDisplaySettings()).toEqual(DEFAULT_DISPLAY);
    const display = { ...DEFAULT_DISPLAY, fit: 'height' as const, portrait: { maxWidth: 600, padding: 16 } };
    saveDisplaySettings(display);
    expect(storedDisplaySettings()).toEqual(display);
    const dark = { spreadOffset: true, filter: { ...DEFAULT_FILTER, invert: true } };
    saveTitleSettings(3, dark);
    expect(storedTitleSettings(3)).toEqual(dark);
    expect(storedTitleSettings(4)).toEqual(DEFAULT_TITLE);
    saveTitleSettings(3, DEFAULT_TITLE);
    expect(localStorage.getItem(STORAGE.titleSettings)).toBe('{}');
    localStorage.setItem(STORAGE.displaySettings, '{"fit":"sideways","portrait":{"maxWidth":99999,"padding":"x"},"autoCrop":1}');
    expect(storedDisplaySettings()).toEqual({ ...DEFAULT_DISPLAY, portrait: { maxWidth: 2000, padding: 0 } });
    localStorage.setItem(STORAGE.titleSettings, '{"3":{"filter":{"brightness":10,"sepia":true}}}');
    expect(storedTitleSettings(3)).toEqual({ spreadOffset: false, filter: { ...DEFAULT_FILTER, brightness: 50, sepia: true } });
  });

  it('a blocked or full storage reads as nothing stored and loses writes quietly', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveViewerMode('horizontal')).not.toThrow();
    expect(storedViewerMode()).toBeNull();
    expect(storedResumePosition(1)).toBe(0);
  });
});
