import { expect, it } from 'vitest';
import { cardNames, en, es, namesChange, open, settle, shownName, SHOTS, describeSweep } from './routeSweep';

/** The route sweep (routeSweep.ts): service and content languages, at phone and desktop sizes. */
describeSweep('service and content languages', (sweep) => {
  const { base, kind, seen } = sweep;

  it('service language: the settings change the interface language and <html lang>, and the choice survives a reload', async () => {
    const { ctx, page } = await open(sweep.browser, kind, base, seen);
    await page.goto(`${base}/manga_list/ongoing`);
    await page.getByRole('heading', { level: 1, name: en['lists.heading'] }).waitFor();
    await page.getByTestId('title-grid').locator('.title-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.getByRole('button', { name: en['settings.open'] }).click();
    const dialog = page.getByRole('dialog', { name: en['settings.title'] });
    await dialog.waitFor();
    // The current language is checked and cannot be picked again; content languages show their title counts.
    expect(await dialog.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'English' }).isDisabled()).toBe(true);
    expect(await dialog.locator('.language-settings__count').first().textContent()).toMatch(/^\d+ titles$/);
    await page.screenshot({ path: `${SHOTS}/${kind}-language-settings.png` });

    // Picking Español stores it and reloads the page in Spanish.
    await dialog.getByRole('radio', { name: 'Español' }).click();
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { level: 1, name: es['lists.heading'] }).waitFor();
    expect(await page.getByRole('button', { name: es['settings.open'] }).locator('.language-button__code').textContent()).toBe('ES');
    // The content languages were reset to Spanish: the list shows the Spanish titles.
    const spanish = sweep.facts.ongoing.flatMap((g) => shownName(g, ['es']) ?? []);
    const grid = page.getByTestId('title-grid');
    await grid.locator('.title-card').first().waitFor();
    expect((await cardNames(grid)).sort()).toEqual([...spanish].sort());
    expect(await page.locator('.toolbar__count').textContent()).toBe(es['lists.count'].replace('{n}', String(spanish.length)));
    await settle(page, kind, 'manga_list-ongoing-es');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: es['lists.heading'] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    // Other screens follow: the home heading, the header navigation.
    await page.goto(`${base}/updates`);
    await page.locator('[data-screen="home"] .home-group .title-card').first().waitFor();
    expect(await page.locator('[data-screen="home"] h1').textContent()).toBe(es['home.heading']);
    expect(await page.locator(`a.nav-link[href="/featured"]`).first().textContent()).toBe(es['shell.navFeatured']);
    await settle(page, kind, 'updates-es');
    await ctx.close();
    expect(seen.errors).toEqual([]);
  });

  it('content languages: toggling them changes the listed titles', async () => {
    const { ctx, page } = await open(sweep.browser, kind, base, seen);
    await page.goto(`${base}/manga_list/ongoing`);
    const grid = page.getByTestId('title-grid');
    await grid.locator('.title-card').first().waitFor();
    // A first visit: English, Spanish and French (the server's defaults); names in the first of them.
    const first = sweep.facts.ongoing.flatMap((g) => shownName(g, ['en', 'es', 'fr']) ?? []);
    const before = await cardNames(grid);
    expect([...before].sort()).toEqual([...first].sort());

    await page.getByRole('button', { name: en['settings.open'] }).click();
    const dialog = page.getByRole('dialog', { name: en['settings.title'] });
    await dialog.getByRole('checkbox', { name: /^English/ }).uncheck();
    await dialog.getByRole('checkbox', { name: /^Deutsch/ }).check();
    // Closing after a change reloads the page with the new languages.
    await dialog.getByRole('button', { name: en['common.close'] }).click();
    const after = await namesChange(page, grid, before);
    const expected = sweep.facts.ongoing.flatMap((g) => shownName(g, ['es', 'fr', 'de']) ?? []);
    expect([...after].sort()).toEqual([...expected].sort());
    expect(after).not.toContain(sweep.facts.titleName);
    expect(await page.locator('.toolbar__count').textContent()).toBe(en['lists.count'].replace('{n}', String(expected.length)));
    // The interface language did not change.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await settle(page, kind, 'manga_list-ongoing-es-fr-de');

    // Survives a reload; the last checked language cannot be unchecked.
    await page.reload();
    await grid.locator('.title-card').first().waitFor();
    expect([...(await cardNames(grid))].sort()).toEqual([...expected].sort());
    await page.getByRole('button', { name: en['settings.open'] }).click();
    await dialog.getByRole('checkbox', { name: /^Français/ }).uncheck();
    await dialog.getByRole('checkbox', { name: /^Deutsch/ }).uncheck();
    expect(await dialog.getByRole('checkbox', { name: /^Español/ }).isDisabled()).toBe(true);
    await ctx.close();
    expect(seen.errors).toEqual([]);
  });
});
