import axeCore from 'axe-core';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, describeSweep, SHOTS } from './routeSweep';

/**
 * Accessibility of every route (issue 17), at phone and desktop sizes:
 * axe-core (the engine Deque's tools and Lighthouse use) run in Chromium on
 * each screen once it has settled, WCAG 2.0-2.2 A and AA rules. Judged: no
 * serious or critical violation. A screenshot of each route goes to
 * .tmp/screenshots/routes/a11y-<kind>-<slug>.png.
 */
const AXE = axeCore.source;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

async function axe(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') stays as served.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> };
    };
    const r = await w.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4) }));
  });
}

const serious = (vs: Violation[]) => vs.filter((v) => v.impact === 'serious' || v.impact === 'critical');
const report = (slug: string, vs: Violation[]) =>
  vs.map((v) => `${slug}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);

describeSweep('accessibility (axe-core) of every route', (sweep) => {
  it('every route has no serious or critical axe violation', async () => {
    const { base, kind, seen, facts } = sweep;
    const routes: Record<string, string> = {
      updates: '/updates',
      featured: '/featured',
      favorited: '/favorited',
      ranking: '/ranking/hottest',
      manga_list: '/manga_list/ongoing',
      title: `/titles/${facts.titleId}`,
      viewer: `/viewer/${facts.chapterId}`,
      comments: `/comments/${facts.chapterId}`,
      search: '/search_result?keyword=a',
      'search-empty': '/search_result',
      announcement: '/announcement',
      publisher_news: `/publisher_news/${facts.publisherId}`,
      feedback: '/feedback',
      about_us: '/about_us',
      rating: '/rating/en',
      faq: '/faq',
      terms: '/terms_web_ja',
      'webview-announcement': '/webview/announcement/en',
      'webview-faq': '/webview/faq/en',
      'webview-questionnaire': '/webview/questionnaire/en/demo2026',
      blocking: '/blocking',
      maintenance: '/maintenance',
      error: '/error',
      'not-found': '/no_such_page',
      history: '/history',
      downloads: '/downloads',
    };
    const { ctx, page } = await open(sweep.browser, kind, base, seen);
    const found: string[] = [];
    for (const [slug, url] of Object.entries(routes)) {
      await page.goto(`${base}${url}`);
      await page.waitForLoadState('networkidle');
      // Let entrance transitions end: axe reads colours as drawn.
      await page.evaluate(() => new Promise((r) => setTimeout(r, 400)));
      const vs = serious(await axe(page));
      found.push(...report(slug, vs));
      await page.screenshot({ path: `${SHOTS}/a11y-${kind}-${slug}.png` });
    }
    await ctx.close();
    expect(found, found.join('\n')).toEqual([]);
  });
});
