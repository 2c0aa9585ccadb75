import { expect, it } from 'vitest';
import { axe, describeSweep, open, report, serious, SHOTS } from './routeSweep';

/**
 * Accessibility of every route, at phone and desktop sizes:
 * axe-core run in Chromium on each screen once it has settled, WCAG 2.0-2.2
 * A and AA rules. Judged: no serious or critical violation.
 *
 * The route sweep checks the screens it visits as they settle
 * (`settle(…, { axe: true })` in shellScreens.test.ts and
 * routesOutsideShell.test.ts: home, featured, favorites, ranking, lists,
 * title, comments, search, news, static pages, blocking, maintenance,
 * viewer, web views, terms, not found, error), so each is loaded once for
 * both. This file checks the routes no sweep visits. A screenshot of each
 * goes to .tmp/screenshots/routes/a11y-<kind>-<slug>.png.
 */
describeSweep('accessibility (axe-core) of the routes the sweep does not visit', (sweep) => {
  it('has no serious or critical axe violation', async () => {
    const { base, kind, seen } = sweep;
    const routes: Record<string, string> = {
      'search-empty': '/search_result',
      history: '/history',
      downloads: '/downloads',
    };
    const { ctx, page } = await open(sweep.browser, kind, base, seen);
    const found: string[] = [];
    for (const [slug, url] of Object.entries(routes)) {
      await page.goto(`${base}${url}`);
      await page.waitForLoadState('networkidle');
      found.push(...report(slug, serious(await axe(page))));
      await page.screenshot({ path: `${SHOTS}/a11y-${kind}-${slug}.png` });
    }
    await ctx.close();
    expect(found, found.join('\n')).toEqual([]);
  });
});
