import { expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { azCompare, cardNames, en, namesChange, open, settle, shortOf, shownName, SHOTS, describeSweep } from './routeSweep';

/** The route sweep (routeSweep.ts): the manga list's Filter and Sort, search, at phone and desktop sizes. */
describeSweep("the manga list's Filter and Sort, search", (sweep) => {
  const { base, kind, seen } = sweep;

  it("the manga list's Filter (genre, label) and Sort (A to Z, Z to A, Most Recent) change the grid", async () => {
    const { ctx, page } = await open(sweep.browser, kind, base, seen);
    const langs = ['en', 'es', 'fr'];
    const groups = sweep.facts.ongoing.filter((g) => shownName(g, langs));
    const byName = new Map(groups.map((g) => [shownName(g, langs)!, g]));
    await page.goto(`${base}/manga_list/ongoing`);
    const grid = page.getByTestId('title-grid');
    await grid.locator('.title-card').first().waitFor();
    const count = () => page.locator('.toolbar__count').textContent();

    // Default: A to Z.
    const az = await cardNames(grid);
    expect(az.length).toBe(groups.length);
    expect(az).toEqual([...az].sort(azCompare));
    expect(await page.getByRole('button', { name: `${en['lists.sort']}: ${en['lists.sort_az']}` }).count()).toBe(1);

    const sortBy = async (label: string) => {
      await page.getByRole('button', { name: new RegExp(`^${en['lists.sort']}:`) }).click();
      const d = page.getByRole('dialog', { name: en['lists.sort'] });
      await d.waitFor();
      // The current sort is checked and disabled.
      expect(await d.getByRole('radio', { checked: true }).isDisabled()).toBe(true);
      await d.getByRole('radio', { name: label }).click();
      // Picking closes the modal.
      await d.waitFor({ state: 'detached' });
    };
    await sortBy(en['lists.sort_za']);
    const za = await namesChange(page, grid, az);
    expect(za).toEqual([...az].reverse());
    await page.screenshot({ path: `${SHOTS}/${kind}-manga_list-za.png` });

    await sortBy(en['lists.sort_recent']);
    const recent = await namesChange(page, grid, za);
    expect([...recent].sort()).toEqual([...az].sort());
    const next = recent.map((n) => Number(byName.get(n)!.nextChapterStartTimestamp ?? 0));
    expect(next, 'most recent: next chapter times never increase down the grid').toEqual([...next].sort((a, b) => b - a));
    expect(recent).not.toEqual(az);

    // The sort is kept across a reload (session storage).
    await page.reload();
    await grid.locator('.title-card').first().waitFor();
    expect(await cardNames(grid)).toEqual(recent);
    await sortBy(en['lists.sort_az']);
    expect(await namesChange(page, grid, recent)).toEqual(az);

    // Filter by genre: only series of that genre; One-shot is not offered.
    const filter = async (pick: (d: Locator) => Promise<void>, expectShown: number) => {
      await page.getByRole('button', { name: new RegExp(`^${en['lists.filter']}`) }).click();
      const d = page.getByRole('dialog', { name: en['lists.filter'] });
      await d.waitFor();
      await pick(d);
      await d.getByRole('button', { name: en['lists.show'].replace('{n}', String(expectShown)) }).click();
      await d.waitFor({ state: 'detached' });
    };
    const tagged = (slug: string) => groups.filter((g) => g.tags?.some((t) => t.slug === slug));
    const sports = tagged('sports')
      .map((g) => shownName(g, langs)!)
      .sort(azCompare);
    expect(sports.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: new RegExp(`^${en['lists.filter']}`) }).click();
    const fd = page.getByRole('dialog', { name: en['lists.filter'] });
    await fd.getByRole('heading', { name: en['lists.byGenre'] }).waitFor();
    await fd.getByRole('heading', { name: en['lists.byLabel'] }).waitFor();
    expect(await fd.getByRole('checkbox', { name: 'One-shot' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/${kind}-manga_list-filter.png` });
    await fd.getByRole('button', { name: en['common.close'] }).click();
    await filter((d) => d.getByRole('checkbox', { name: 'Sports', exact: true }).check(), sports.length);
    expect(await namesChange(page, grid, az)).toEqual(sports);
    expect(await count()).toBe(en['lists.count'].replace('{n}', String(sports.length)));
    expect(await page.getByRole('button', { name: `${en['lists.filter']} (Sports)` }).count()).toBe(1);

    // Another genre replaces it; selecting it again turns it off.
    const comedy = tagged('comedy')
      .map((g) => shownName(g, langs)!)
      .sort(azCompare);
    await filter((d) => d.getByRole('checkbox', { name: 'Comedy', exact: true }).check(), comedy.length);
    expect(await namesChange(page, grid, sports)).toEqual(comedy);

    // And a label on top: comedy series of that label only.
    const label = groups.find((g) => g.tags?.some((t) => t.slug === 'comedy') && g.label?.label)!.label!.label!;
    const both = groups
      .filter((g) => g.tags?.some((t) => t.slug === 'comedy') && g.label?.label === label)
      .map((g) => shownName(g, langs)!)
      .sort(azCompare);
    await filter((d) => d.getByRole('checkbox', { name: label.replace('_', ' '), exact: true }).check(), both.length);
    expect(await namesChange(page, grid, comedy)).toEqual(both);
    await page.screenshot({ path: `${SHOTS}/${kind}-manga_list-filtered.png` });

    // A combination nothing matches: the NOT_FOUND_RESULT message.
    const none = groups.filter((g) => g.tags?.some((t) => t.slug === 'sports') && g.label?.label === label);
    expect(none.length).toBe(0);
    await filter((d) => d.getByRole('checkbox', { name: 'Sports', exact: true }).check(), 0);
    await page.getByTestId('not-found-result').waitFor();
    expect(await page.getByTestId('not-found-result').textContent()).toBe(en['lists.notFound']);
    await settle(page, kind, 'manga_list-no-result');

    // Clear: the whole list again.
    await filter((d) => d.getByRole('button', { name: en['lists.clear'] }).click(), groups.length);
    await grid.locator('.title-card').first().waitFor();
    expect(await cardNames(grid)).toEqual(az);
    await ctx.close();
    expect(seen.errors).toEqual([]);
  });

  it('search: a real title name (any case) finds it, an author finds their titles, nonsense shows the empty copy', async () => {
    const { ctx, page } = await open(sweep.browser, kind, base, seen);
    await page.goto(`${base}/featured`);
    await page.getByRole('heading', { level: 1, name: en['featured.heading'] }).waitFor();
    // The header search box.
    const box = page.locator('header.header').getByRole('searchbox', { name: en['common.searchLabel'] });
    await box.fill(sweep.facts.titleName.toUpperCase());
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search_result' && u.searchParams.get('keyword') === sweep.facts.titleName.toUpperCase());
    const results = page.getByTestId('search-results');
    await results.getByText(sweep.facts.titleName, { exact: true }).waitFor();
    // Exactly the series with an English, Spanish or French title whose name or author contains the keyword.
    const matching = (k: string) =>
      sweep.facts.all.filter((g) =>
        g.titles.some(
          (t) => ['en', 'es', 'fr'].includes(shortOf(t)) && (t.name.toLowerCase().includes(k) || t.author.toLowerCase().includes(k)),
        ),
      ).length;
    expect((await cardNames(results)).length).toBe(matching(sweep.facts.titleName.toLowerCase()));
    // The search page's own box carries the keyword.
    expect(await page.locator('main[data-screen="search"]').getByRole('searchbox').inputValue()).toBe(sweep.facts.titleName.toUpperCase());

    const author = sweep.facts.all.flatMap((g) => g.titles).find((t) => t.titleId === sweep.facts.titleId)!.author;
    const box2 = page.locator('main[data-screen="search"]').getByRole('searchbox');
    await box2.fill(author);
    await box2.press('Enter');
    await page.getByRole('heading', { level: 1, name: en['search.resultsFor'].replace('{keyword}', author) }).waitFor();
    await results.getByText(sweep.facts.titleName, { exact: true }).waitFor();
    expect((await cardNames(results)).length).toBe(matching(author.toLowerCase()));
    await settle(page, kind, 'search_result-author');

    await box2.fill('qzxv nonsense 0923');
    await box2.press('Enter');
    await page.getByTestId('no-results').waitFor();
    expect(await page.getByTestId('no-results').textContent()).toBe(en['search.none']);
    expect(await results.count()).toBe(0);
    await settle(page, kind, 'search_result-none');
    await ctx.close();
    expect(seen.errors).toEqual([]);
  });
});
