import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { listFilterMachine, type ListFilterContext } from '../../machines/listFilterMachine';
import MangaListScreen from '../../src/screens/manga_list/MangaListScreen';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { runUiModel } from './uiModel';
import { storedContentLangs } from '../../src/lib/storage';
import { byLanguage } from '../../core/languages';

describe('manga list filter and sort (listFilterMachine) on the real API', () => {
  const api = useRealApi();
  beforeEach(() => loadTestMessages());

  const show = () => {
    const { hook } = memoryLocation({ path: '/manga_list/ongoing' });
    render(
      <Router hook={hook}>
        <Route path="/manga_list/:tab">
          <MangaListScreen />
        </Route>
      </Router>,
    );
  };
  const names = () => [...document.querySelectorAll('[data-testid="title-grid"] .title-card__name')].map((n) => n.textContent);

  it('every state and transition, checking the grid and session storage', async () => {
    const tag = 'action';
    const label = 'WJ';
    await runUiModel(
      listFilterMachine,
      {
        name: 'listFilter',
        events: [
          { type: 'filter.open' },
          { type: 'sort.open' },
          { type: 'modal.close' },
          { type: 'filter.tag', slug: tag },
          { type: 'filter.label', code: label },
          { type: 'filter.clear' },
          { type: 'sort.set', sort: 'za' },
        ],
        sequences: [
          [
            { type: 'filter.open' },
            { type: 'filter.tag', slug: tag },
            { type: 'filter.tag', slug: tag },
            { type: 'filter.label', code: label },
            { type: 'filter.clear' },
            { type: 'modal.close' },
          ],
          [
            { type: 'sort.open' },
            { type: 'sort.set', sort: 'za' },
            { type: 'sort.open' },
            { type: 'sort.set', sort: 'recent' },
            { type: 'sort.open' },
            { type: 'modal.close' },
          ],
        ],
      },
      () => ({
        render: async () => {
          show();
          await screen.findByTestId('title-grid');
        },
        events: {
          'filter.open': () => fireEvent.click(screen.getByRole('button', { name: /^Filter/ })),
          'sort.open': () => fireEvent.click(screen.getByRole('button', { name: /^Sort/ })),
          'modal.close': () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }),
          'filter.tag': (e) => {
            const dialog = screen.getByRole('dialog');
            const name = api.catalog.tags.find((x) => x.slug === e.slug)!.tag;
            fireEvent.click(within(dialog).getByRole('checkbox', { name }));
          },
          'filter.label': (e) =>
            fireEvent.click(within(screen.getByRole('dialog')).getByRole('checkbox', { name: String(e.code).replace('_', ' ') })),
          'filter.clear': () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear' })),
          'sort.set': (e) =>
            fireEvent.click(
              within(screen.getByRole('dialog')).getByRole('radio', {
                name: { az: 'A to Z', za: 'Z to A', recent: 'Most Recent' }[e.sort as string]!,
              }),
            ),
        },
        check: (s) => {
          const c = s.context as ListFilterContext;
          const dialog = screen.queryByRole('dialog');
          expect(dialog ? (within(dialog).queryAllByRole('radio').length ? 'sortOpen' : 'filterOpen') : 'closed').toBe(String(s.value));
          expect(sessionStorage.getItem('search_tag')).toBe(c.tag);
          expect(sessionStorage.getItem('search_label')).toBe(c.label);
          const shown = names();
          if (shown.length === 0) {
            expect(screen.getByTestId('not-found-result').textContent).toContain('No series match these filters.');
            return;
          }
          // Sorted as chosen (A to Z is the plain order of the letters).
          if (c.sort !== 'recent') {
            const sorted = [...shown].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
            expect(shown).toEqual(c.sort === 'za' ? sorted.reverse() : sorted);
          }
          if (c.tag) expect(shown.length).toBeLessThan(26);
        },
      }),
    );
  });

  it('filters by tag to the series that carry it', async () => {
    sessionStorage.setItem('search_tag', 'sports');
    show();
    await screen.findByTestId('title-grid');
    const sportsSeries = new Set(
      api.catalog.series_tags.filter((x) => x.tag_id === api.catalog.tags.find((t) => t.slug === 'sports')!.id).map((x) => x.series_id),
    );
    const langs = storedContentLangs();
    const inLangs = new Set(api.catalog.titles.filter((x) => langs.includes(byLanguage(x.language)!.short)).map((x) => x.series_id));
    const ongoing = api.catalog.series.filter((s) => s.status === 'ongoing' && sportsSeries.has(s.id) && inLangs.has(s.id));
    expect(ongoing.length).toBeGreaterThan(0);
    expect(names().length).toBe(ongoing.length);
  });
});
