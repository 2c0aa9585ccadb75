import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, newToken, success } from './helpers.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import type { Dashboard } from '../../core/console/schemas/stats.js';

/**
 * A reader's tap on a home banner or a popup (POST /api/banner_tap_log, /api/popup_tap_log, which carry
 * no type) is counted as a tap in the console's banner and popup statistics, under the place the item is shown.
 * They were stored but never counted: only the title banner's log, which says "click", reached the figures.
 */
describe.each(BACKENDS)('banner and popup taps in the statistics on %s', (backend) => {
  let c: ConsoleApp;
  let analyst: string;
  beforeAll(async () => {
    c = await setupConsole(backend, 'home_taps');
    analyst = (await memberWithSession(c.db, ['analyst'], c.clock.nowSec())).cookie;
  });
  afterAll(async () => c?.close());

  it('counts each tap log of a banner and a popup as a tap, with its placement', async () => {
    const banner = await c.db.selectFrom('banners').select(['id', 'placement']).orderBy('id').executeTakeFirstOrThrow();
    const popup = await c.db.selectFrom('popups').select(['id', 'placement']).orderBy('id').executeTakeFirstOrThrow();
    const me = newToken();
    for (let i = 0; i < 2; i++)
      success(await call(c.app, { method: 'POST', url: `/api/banner_tap_log?banner_id=${banner.id}`, token: me }));
    success(await call(c.app, { method: 'POST', url: `/api/popup_tap_log?popup_id=${popup.id}`, token: me }));
    await c.app.repos.stats.flush();
    const day = new Date(c.clock.now()).toISOString().slice(0, 10);
    const r = await api(c.app, 'GET', `/stats/promos?from=${day}&to=${day}`, { cookie: analyst });
    expect(r.status, r.text).toBe(200);
    const rows = (r.json as unknown as Dashboard).tables.find((t) => t.id === 'items')!.rows;
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'banner', id: banner.id, place: banner.placement, taps: 2, impressions: 0 }),
        expect.objectContaining({ kind: 'popup', id: popup.id, place: popup.placement, taps: 1, impressions: 0 }),
      ]),
    );
    const totals = Object.fromEntries((r.json as unknown as Dashboard).totals.map((t) => [t.name, t.value]));
    expect(totals.taps).toBe(3);
  });
});
