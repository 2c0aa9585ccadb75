import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { favoriteToggleMachine } from '../../machines/favoriteToggleMachine';
import type { LastPage, MangaViewer } from '../../core/gen/manga/v1/viewer_pb';
import { LastPageCard } from '../../src/screens/viewer/LastPageCard';
import FavoritedScreen from '../../src/screens/favorited/FavoritedScreen';
import { loadMangaViewer } from '../../src/viewer/api';
import { sessionToken } from '../../src/api/client';
import { markFavoritesStale } from '../../src/features/favorites/favorites';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { installGate, type Gate } from './gate';
import { runUiModel } from './uiModel';

/**
 * The viewer's end page (LastPageCard) on a chapter's real viewer answer from
 * the real server: its favorite button executes favoriteToggleMachine's paths
 * as the reader sees them (the button's text, pressed and enabled state, the
 * error line), with the bookmark calls held by a gate and answered by the
 * server; a saved choice outlives the answer the chapter was loaded with; the
 * end page's actions are buttons and links with names.
 */
describe('the viewer end page’s favorite on the real API', () => {
  const api = useRealApi();
  let gate: Gate | undefined;
  let chapter: MangaViewer;
  let last: LastPage;
  beforeAll(async () => {
    chapter = await loadMangaViewer(api.catalog.chapters.find((c) => c.title_id === api.catalog.titles[2].id)!.id, 'high');
    const end = chapter.pages.find((p) => p.data.case === 'lastPage')!.data;
    if (end.case !== 'lastPage') throw new Error('the chapter has no end page');
    last = end.value;
  });
  beforeEach(() => loadTestMessages());
  afterEach(() => gate?.uninstall());

  const endPage = (l: LastPage = last) =>
    render(
      <Router hook={memoryLocation({ path: `/viewer/${chapter.chapterId}` }).hook}>
        <Route path="/viewer/:id">
          <LastPageCard last={l} viewer={chapter} />
        </Route>
      </Router>,
    );
  const favorite = () => within(screen.getByTestId('viewer-last-page')).getByTestId<HTMLButtonElement>('viewer-favorite');

  it('every state and transition of the favorite, as the reader sees it', async () => {
    await runUiModel(
      favoriteToggleMachine,
      {
        name: 'favoriteToggle',
        inputs: [{ subscribed: false }, { subscribed: true }],
        simple: true,
        events: [
          { type: 'favorite.toggle' },
          { type: 'favorite.done' },
          { type: 'favorite.failed', message: 'x' },
          { type: 'error.dismiss' },
        ],
        // The close button is on the error line: only there after a failure (a toggle clears it).
        skipStep: (_from, e, _input, before) => e.type === 'error.dismiss' && before.at(-1)?.type !== 'favorite.failed',
        sequences: [
          [{ type: 'favorite.toggle' }, { type: 'favorite.failed', message: 'x' }, { type: 'error.dismiss' }],
          [{ type: 'favorite.toggle' }, { type: 'favorite.failed', message: 'x' }, { type: 'favorite.toggle' }],
        ],
      },
      (input) => ({
        render: async () => {
          gate?.uninstall();
          // A new visitor each path, whose favorite the server and the chapter's answer agree on
          // (and this visit's latest choice too: an earlier path's saved one would win otherwise).
          const subscribed = (input as { subscribed: boolean }).subscribed;
          const headers = { 'session-token': sessionToken() };
          const r = await api.app.inject({
            method: subscribed ? 'PUT' : 'DELETE',
            url: `/api/title_list/bookmark?title_id=${chapter.titleId}`,
            headers,
          });
          expect(r.statusCode).toBe(200);
          markFavoritesStale(chapter.titleId, subscribed);
          gate = installGate(/\/api\/title_list\/bookmark/);
          endPage({ ...last, isSubscribed: subscribed });
        },
        events: {
          'favorite.toggle': () => fireEvent.click(favorite()),
          'favorite.done': () => gate!.release('pass'),
          'favorite.failed': () => gate!.release('fail'),
          'error.dismiss': () => fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' })),
        },
        check: (s) => {
          const v = String(s.value);
          const busy = v === 'subscribing' || v === 'unsubscribing';
          const on = v === 'subscribed' || v === 'unsubscribing';
          const b = favorite();
          expect(b.disabled).toBe(busy);
          expect(b.getAttribute('aria-pressed')).toBe(String(on));
          expect(b.textContent).toBe(busy ? 'LOADING' : on ? 'Favorited' : 'Add to favorites');
          const error = (s.context as { error: string | null }).error;
          const alert = screen.queryByRole('alert');
          expect(!!alert).toBe(!!error);
          // The server's own words (its error popup), else the generic line: never empty.
          if (alert) expect(alert.textContent.replace('×', '').trim().length).toBeGreaterThan(10);
        },
      }),
    );
  });

  it('a saved favorite is marked: the end page shown again starts from it, not from the answer loaded before, and the favorites list has it', async () => {
    const stale = { ...last, isSubscribed: false };
    markFavoritesStale(chapter.titleId, false);
    const shown = endPage(stale);
    fireEvent.click(favorite());
    await screen.findByText('Favorited');
    // The reader pages away and back: the end page comes again with the chapter's old answer.
    shown.unmount();
    endPage(stale);
    expect(favorite().textContent).toBe('Favorited');
    expect(favorite().getAttribute('aria-pressed')).toBe('true');
    render(
      <Router hook={memoryLocation({ path: '/favorited' }).hook}>
        <Route path="/favorited">
          <FavoritedScreen />
        </Route>
      </Router>,
    );
    expect(await screen.findByRole('link', { name: new RegExp(chapter.titleName) })).toBeTruthy();
  });

  it('every action on the end page is a button or a link with a name', () => {
    endPage();
    const page = within(screen.getByTestId('viewer-last-page'));
    const actions = [...page.queryAllByRole('button'), ...page.queryAllByRole('link')];
    expect(actions.length).toBeGreaterThanOrEqual(3);
    for (const a of actions) {
      expect(['BUTTON', 'A']).toContain(a.tagName);
      expect((a.getAttribute('aria-label') ?? a.textContent ?? '').trim()).not.toBe('');
    }
    // Nothing else takes a click.
    expect(screen.getByTestId('viewer-last-page').querySelectorAll('[onclick], [role="button"]:not(button)').length).toBe(0);
  });
});
