import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { appInstallBannerMachine, BANNER_HIDDEN_SECONDS } from '../../machines/appInstallBannerMachine';
import { searchTextMachine } from '../../machines/searchTextMachine';
import { AppInstallBanner } from '../../src/ui/AppInstallBanner';
import { SearchBox, forgetLastKeyword } from '../../src/ui/SearchBox';
import { loadTestMessages } from './shellHelpers';
import { runUiModel } from './uiModel';

describe('app-install banner and search box on the rendered UI', () => {
  beforeEach(() => loadTestMessages());

  it('app-install banner: hidden 60 days after a dismissal, then a reminder; install also dismisses', async () => {
    const now = Math.floor(Date.now() / 1000);
    type In = { dismissedAt: number | null; now: number; requireNeverDismissed?: boolean };
    const inputs: In[] = [
      { dismissedAt: null, now },
      { dismissedAt: now - 10, now },
      { dismissedAt: now - BANNER_HIDDEN_SECONDS - 60, now },
      { dismissedAt: now - BANNER_HIDDEN_SECONDS - 60, now, requireNeverDismissed: true },
    ];
    await runUiModel(appInstallBannerMachine, { name: 'appInstallBanner', inputs }, (input) => {
      const i = input as In;
      return {
        render: () => {
          if (i.dismissedAt !== null) localStorage.setItem('isBannerShowed', String(i.dismissedAt));
          render(<AppInstallBanner requireNeverDismissed={!!i.requireNeverDismissed} />);
        },
        events: {
          'banner.dismiss': () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
          'banner.install': () => fireEvent.click(screen.getByRole('link', { name: 'Install' })),
        },
        check: (s) => {
          expect(!!screen.queryByRole('complementary', { name: 'Get the app' })).toBe(s.value === 'visible');
          // A dismissal (or install) is stored with its time.
          if (s.value === 'hidden' && i.dismissedAt === null)
            expect(Number(localStorage.getItem('isBannerShowed'))).toBeGreaterThanOrEqual(now);
        },
      };
    });
  });

  it('search box: the draft follows the input, a submit with text goes to the results, an empty one keeps the stored text', async () => {
    let loc = memoryLocation({ path: '/updates', record: true });
    await runUiModel(
      searchTextMachine,
      {
        name: 'searchText',
        inputs: [{ stored: '' }],
        events: [
          { type: 'text.change', value: 'blade' },
          { type: 'text.change', value: '' },
          { type: 'text.submit' },
          { type: 'text.sync', value: 'moon' },
        ],
        sequences: [
          [
            { type: 'text.change', value: 'blade' },
            { type: 'text.submit' },
            { type: 'text.change', value: '' },
            { type: 'text.submit' },
            { type: 'text.sync', value: 'moon' },
          ],
        ],
      },
      () => ({
        render: () => {
          loc = memoryLocation({ path: '/updates', record: true });
          forgetLastKeyword();
          render(
            <Router hook={loc.hook}>
              <SearchBox />
            </Router>,
          );
        },
        events: {
          'text.change': (e) => fireEvent.change(screen.getByRole('searchbox'), { target: { value: e.value } }),
          'text.submit': () => fireEvent.submit(screen.getByRole('searchbox').closest('form')!),
          // The results page (a shared link, back/forward) tells the box what it shows.
          'text.sync': (e) => act(() => loc.navigate(`/search_result?keyword=${encodeURIComponent(e.value as string)}`)),
        },
        check: (s) => {
          const c = s.context as { stored: string; draft: string };
          expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe(c.draft);
          if (s.value === 'submitted') expect(loc.history.at(-1)).toBe(`/search_result?keyword=${encodeURIComponent(c.stored)}`);
        },
      }),
    );
  });
});
