import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../core/console/roles.js';
import { BACKENDS } from './helpers.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { S, T } from './fixtureIds.js';

interface Item {
  id: number;
  name: string;
  language: string;
  languages: string[];
  cover: string;
  released: boolean;
  seriesId: number;
  titleId?: number;
  titleName?: string;
  subTitle?: string;
}
type Page = { items: Item[]; next: number | null };

/** The pickers' searches: titles by a part of a name in any language, a title's chapters; limits, paging, roles. */
describe.each(BACKENDS)('console pickers on %s', (backend) => {
  let c: ConsoleApp;
  const cookies = {} as Record<Role, string>;
  beforeAll(async () => {
    c = await setupConsole(backend, 'pickers');
    for (const role of ROLES) cookies[role] = (await memberWithSession(c.db, [role], c.clock.nowSec(), ['en'])).cookie;
  });
  afterAll(() => c?.close());

  const get = async (url: string, role: Role = 'editor') => {
    const a = await api(c.app, 'GET', url, { cookie: cookies[role] });
    expect(a.status, a.text).toBe(200);
    return a.json as unknown as Page;
  };

  it('finds every language title of a series by a part of any of its names, with cover and languages', async () => {
    const r = await get(`/pick/titles?q=${encodeURIComponent('misión')}`);
    expect(r.items.map((i) => [i.id, i.name, i.language])).toEqual([
      [T.bladeEn, 'Blade Quest', 'en'],
      [T.bladeEs, 'Misión Espada', 'es'],
    ]);
    expect(r.items[0]).toMatchObject({ seriesId: S.blade, languages: ['en', 'es'], cover: `/img/t/${T.bladeEn}/p.webp`, released: true });
    expect(r.next).toBeNull();
    // Case does not matter; a title's id finds it too.
    expect((await get('/pick/titles?q=COOKING')).items.map((i) => i.id)).toEqual([T.catsEn, T.catsFr]);
    expect((await get(`/pick/titles?q=${T.zero}`)).items.map((i) => i.name)).toEqual(['Zero Hour']);
    // Nothing asked, nothing found; LIKE's wildcards are no wildcards.
    expect((await get('/pick/titles?q=')).items).toEqual([]);
    expect((await get('/pick/titles?q=%25')).items).toEqual([]);
    expect((await get('/pick/titles?q=nothing-like-it')).items).toEqual([]);
  });

  it('pages: at most `limit` a page, `next` the offset of the one after; limits above 50 refused as problem+json', async () => {
    const first = await get('/pick/titles?q=e&limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.next).toBe(2);
    const all = await get('/pick/titles?q=e&limit=50');
    const second = await get('/pick/titles?q=e&limit=2&offset=2');
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));
    expect(all.next).toBeNull();
    const big = await api(c.app, 'GET', '/pick/titles?q=e&limit=51', { cookie: cookies.editor });
    expect([big.status, big.json.code, String(big.headers['content-type'])]).toEqual([
      400,
      'validation',
      expect.stringMatching(/problem\+json/),
    ]);
  });

  it('known titles and chapters by id (an editor opening what a banner already points at)', async () => {
    expect((await get(`/pick/titles?ids=${T.eagleEs},${T.catsFr}`)).items.map((i) => i.name)).toEqual([
      'Chats Cuisiniers',
      'Camino del Águila',
    ]);
    expect((await get(`/pick/titles?series=${S.cats}`)).items.map((i) => [i.id, i.seriesId])).toEqual([
      [T.catsEn, S.cats],
      [T.catsFr, S.cats],
    ]);
    const ch = await get('/pick/chapters?ids=1007');
    expect(ch.items[0]).toMatchObject({ id: 1007, titleId: T.bladeEn, titleName: 'Blade Quest', name: '#007', released: true });
    const bad = await api(c.app, 'GET', '/pick/titles?ids=1,x', { cookie: cookies.editor });
    expect([bad.status, bad.json.code]).toEqual([400, 'validation']);
  });

  it("a title's chapters, newest first, by a part of their name or subtitle; a scheduled one is not released", async () => {
    const r = await get(`/pick/chapters?title=${T.bladeEn}&limit=3`);
    expect(r.items.map((i) => [i.id, i.released])).toEqual([
      [1008, false],
      [1007, true],
      [1006, true],
    ]);
    expect(r.next).toBe(3);
    expect((await get(`/pick/chapters?title=${T.bladeEn}&q=chapter 2 of`)).items.map((i) => i.id)).toEqual([1002]);
    expect((await get(`/pick/chapters?title=${T.bladeEn}&q=%23005`)).items.map((i) => i.id)).toEqual([1005]);
    // Another title's chapter is not among them, even by its id.
    expect((await get(`/pick/chapters?title=${T.bladeEn}&q=2001`)).items).toEqual([]);
    const none = await api(c.app, 'GET', '/pick/chapters?q=1', { cookie: cookies.editor });
    expect([none.status, none.json.code]).toEqual([400, 'validation']);
  });

  it('editors and analysts (and the owner) may search; a localizer, a moderator and no one else may not', async () => {
    for (const role of ROLES) {
      for (const url of ['/pick/titles?q=blade', `/pick/chapters?title=${T.bladeEn}`]) {
        const a = await api(c.app, 'GET', url, { cookie: cookies[role] });
        if (role === 'owner' || role === 'editor' || role === 'analyst') expect(a.status, `${role} ${url}`).toBe(200);
        else
          expect([a.status, a.json.code, String(a.headers['content-type'])], `${role} ${url}`).toEqual([
            403,
            'forbidden',
            expect.stringMatching(/problem\+json/),
          ]);
      }
    }
    const anon = await api(c.app, 'GET', '/pick/titles?q=blade');
    expect([anon.status, anon.json.code]).toEqual([401, 'unauthenticated']);
  });
});
