import axeCore from 'axe-core';
import type { Page } from 'playwright-core';

/** What axe-core finds serious or critical on the page (WCAG 2.1 A and AA), one line per rule. */
export async function serious(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  return page.evaluate(async () => {
    type V = { id: string; impact: string | null; nodes: { target: unknown[] }[] };
    const w = window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: V[] }> } };
    const r = await w.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ${JSON.stringify(v.nodes[0]?.target)}`);
  });
}

/** A bounded wait for a page condition (the page's CSP forbids waitForFunction's eval). */
export async function until(page: Page, what: string, ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; !(await ok()); i++) {
    if (i >= 600) throw new Error(`never: ${what} (600 looks, 100 ms apart)`);
    await page.waitForTimeout(100);
  }
}
