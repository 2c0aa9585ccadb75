import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptServerView } from './acceptServerView';
import type { PageData } from './pageData';
import { takePageAnswer } from '../api/pageAnswers';
import { acceptedLanguages } from '../lib/prefs';

const LANGUAGES = { defaultUi: 'en', defaultContent: ['en', 'es', 'fr'], available: [] };
const boot = (over: Partial<PageData> = {}): PageData => ({
  path: '/updates',
  lang: 'eng',
  clang: ['en', 'es', 'fr'],
  viewerMode: 'vertical',
  languages: LANGUAGES,
  responses: { '/language': 'AAA=', '/web/web_homeV4?lang=eng&clang=en%2Ces%2Cfr&viewer_mode=vertical': 'BBB=' },
  ...over,
});

function page(b: PageData | string | null): Document {
  const doc = document;
  doc.getElementById('__boot')?.remove();
  if (b !== null) {
    const el = doc.createElement('script');
    el.id = '__boot';
    el.type = 'application/json';
    el.textContent = typeof b === 'string' ? b : JSON.stringify(b);
    doc.body.append(el);
  }
  return doc;
}

const cookies = (doc: Document) =>
  doc.cookie
    .split('; ')
    .filter((c) => c.startsWith('mr_'))
    .sort();

describe('the entry takes or drops a server-rendered first view', () => {
  beforeEach(() => {
    localStorage.clear();
    for (const c of document.cookie.split('; ')) document.cookie = `${c.split('=')[0]}=; path=/; max-age=0`;
  });
  afterEach(() => vi.restoreAllMocks());

  it('first visit: taken when the machine would choose the same languages (then stored and mirrored)', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    const doc = page(boot());
    expect(acceptServerView(doc, '/updates')?.lang).toBe('eng');
    expect(localStorage.getItem('service_lang')).toBe('eng');
    expect(localStorage.getItem('content_langs_v2')).toBe('["en","es","fr"]');
    expect(cookies(doc)).toEqual(['mr_clang=%5B%22en%22%2C%22es%22%2C%22fr%22%5D', 'mr_lang=eng']);
    expect(doc.getElementById('__boot')).toBeNull();
    expect(takePageAnswer('/language')).toBe('AAA=');
    expect(takePageAnswer('/language')).toBeUndefined();
  });

  it('a planted session cookie is never adopted: answers made for a session a cookie named are dropped by a browser holding none', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const planted = 'fe'.repeat(16);
    document.cookie = `mr_sid=${planted}; path=/`;
    // The server rendered for the cookie's session (not one it made): not this browser's.
    const doc = page(boot({ path: '/viewer/7', session: planted }));
    expect(acceptServerView(doc, '/viewer/7')).toBeNull();
    expect(localStorage.getItem('session_id')).toBeNull();
    expect(takePageAnswer('/language')).toBeUndefined();
    // The mirrored cookies no longer carry it.
    expect(cookies(doc).join(';')).not.toContain(planted);
  });

  it('answers made for a session: a first visit keeps a session the server made; a visitor with another one drops them', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const token = 'c0'.repeat(16);
    const doc = page(boot({ path: '/viewer/7', session: token, sessionMade: true }));
    expect(acceptServerView(doc, '/viewer/7')?.session).toBe(token);
    expect(localStorage.getItem('session_id')).toBe(token);
    expect(cookies(doc)).toContain(`mr_sid=${token}`);
    // The same visitor again: taken.
    expect(acceptServerView(page(boot({ path: '/viewer/7', session: token })), '/viewer/7')).not.toBeNull();
    // Another visitor's answers (their cookie was gone, the server made a new session): dropped, own session kept.
    expect(acceptServerView(page(boot({ path: '/viewer/7', session: 'd1'.repeat(16), sessionMade: true })), '/viewer/7')).toBeNull();
    expect(localStorage.getItem('session_id')).toBe(token);
    expect(takePageAnswer('/language')).toBeUndefined();
    // A malformed session: the boot is not read at all.
    expect(acceptServerView(page(JSON.stringify({ ...boot({ path: '/viewer/7' }), session: 'x' })), '/viewer/7')).toBeNull();
  });

  it('first visit: dropped when this browser prefers another language than the header the server saw', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    expect(acceptServerView(page(boot()), '/updates')).toBeNull();
    expect(localStorage.getItem('service_lang')).toBeNull();
    expect(takePageAnswer('/language')).toBeUndefined();
  });

  it('returning: taken only for the stored languages and viewer mode', () => {
    localStorage.setItem('service_lang', 'esp');
    localStorage.setItem('content_langs_v2', '["es"]');
    expect(acceptServerView(page(boot()), '/updates')).toBeNull();
    expect(acceptServerView(page(boot({ lang: 'esp', clang: ['es'] })), '/updates')?.lang).toBe('esp');
    localStorage.setItem('viewer_mode', 'horizontal');
    expect(acceptServerView(page(boot({ lang: 'esp', clang: ['es'] })), '/updates')).toBeNull();
    expect(acceptServerView(page(boot({ lang: 'esp', clang: ['es'], viewerMode: 'horizontal' })), '/updates')).not.toBeNull();
  });

  it('dropped for another path, a damaged element, or none', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en']);
    expect(acceptServerView(page(boot()), '/ranking/hottest')).toBeNull();
    expect(acceptServerView(page('{not json'), '/updates')).toBeNull();
    expect(acceptServerView(page(JSON.stringify({ path: '/updates' })), '/updates')).toBeNull();
    expect(acceptServerView(page(null), '/updates')).toBeNull();
  });
});

describe('Accept-Language', () => {
  it('in order of preference, wildcards and q=0 left out', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('en;q=0.2, pt-BR, es;q=0')).toEqual(['pt-BR', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});
