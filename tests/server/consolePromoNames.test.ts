import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, newToken, success } from './helpers.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import type { Dashboard } from '../../core/console/schemas/stats.js';
import { T } from './fixtureIds.js';

/**
 * The banner and popup statistics list each item by a name and its picture, not a bare id: a banner by the title
 * it opens (its detail page, or a chapter of it) or belongs to, a popup by its subject; a web banner has none
 * (the console calls it "Banner 12"). The picture is the row's `image`, not a column: the CSV keeps the columns.
 */
describe.each(BACKENDS)('banner and popup statistics by name on %s', (backend) => {
  let c: ConsoleApp;
  let analyst: string;
  let editor: string;
  beforeAll(async () => {
    c = await setupConsole(backend, 'promo_names');
    analyst = (await memberWithSession(c.db, ['analyst'], c.clock.nowSec())).cookie;
    editor = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
  });
  afterAll(async () => c?.close());

  const banner = async (url: string, method = 'push') => {
    const made = await api(c.app, 'POST', '/banners', {
      cookie: editor,
      body: {
        placement: 'home_top',
        titleId: 0,
        publisherId: 0,
        languages: [],
        action: { method, url },
        isPr: false,
        startAt: c.clock.nowSec() - 60,
        endAt: null,
        status: 'published',
      },
    });
    expect(made.status, made.text).toBe(201);
    return made.json as { id: number; image: string };
  };

  it('names a banner by the title it opens, a popup by its subject; each with its picture', async () => {
    const toTitle = await banner(`mangaplus://open/detail?id=${T.catsEn}`);
    const toChapter = await banner('mangaplus://open/viewer?id=1007');
    const toWeb = await banner('https://example.com/sale', 'external');
    const popup = await c.db.selectFrom('popups').select(['id', 'subject', 'image_url']).orderBy('id').executeTakeFirstOrThrow();
    const me = newToken();
    for (const b of [toTitle, toChapter, toWeb])
      success(await call(c.app, { method: 'POST', url: `/api/banner_tap_log?banner_id=${b.id}`, token: me }));
    success(await call(c.app, { method: 'POST', url: `/api/popup_tap_log?popup_id=${popup.id}`, token: me }));
    await c.app.repos.stats.flush();
    const day = new Date(c.clock.now()).toISOString().slice(0, 10);
    const r = await api(c.app, 'GET', `/stats/promos?from=${day}&to=${day}`, { cookie: analyst });
    expect(r.status, r.text).toBe(200);
    const table = (r.json as unknown as Dashboard).tables.find((t) => t.id === 'items')!;
    expect(table.columns.map((x) => x.key)).toEqual(['kind', 'name', 'id', 'place', 'language', 'impressions', 'taps', 'rate']);
    const row = (kind: string, id: number) => table.rows.find((x) => x.kind === kind && x.id === id);
    expect(row('banner', toTitle.id)).toMatchObject({ name: 'Cooking Cats', image: toTitle.image });
    expect(row('banner', toChapter.id)).toMatchObject({ name: 'Blade Quest', image: toChapter.image });
    expect(row('banner', toWeb.id)).toMatchObject({ name: null });
    expect(row('popup', popup.id)).toMatchObject({ name: popup.subject || null, image: popup.image_url });
    expect(toTitle.image).not.toBe('');
  });
});
