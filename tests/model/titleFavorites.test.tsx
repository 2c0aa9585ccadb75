import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { ResponseSchema } from '../../core/gen/manga/v1/response_pb';
import { memoryLocation } from 'wouter/memory-location';
import { chapterSortMachine } from '../../machines/chapterSortMachine';
import { bookmarkItemMachine } from '../../machines/bookmarkItemMachine';
import TitleScreen from '../../src/screens/title/TitleScreen';
import FavoritedScreen from '../../src/screens/favorited/FavoritedScreen';
import { sessionToken } from '../../src/api/client';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { installGate, type Gate } from './gate';
import { runUiModel } from './uiModel';

/**
 * A title whose publisher lists its chapters newest first: the real server's
 * title detail for it, answered with chaptersDescending set (our catalog has
 * no such title; the field comes from the publisher's data).
 */
function startsDescending(titleId: number): { uninstall(): void } {
  const inner = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await inner(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/title_detailV3') || !url.includes(`title_id=${titleId}`)) return res;
    const r = fromBinary(ResponseSchema, new Uint8Array(await res.arrayBuffer()));
    if (r.result.case === 'success' && r.result.value.data.case === 'titleDetailView') r.result.value.data.value.chaptersDescending = true;
    return new Response(toBinary(ResponseSchema, r), { status: res.status, headers: res.headers });
  };
  return {
    uninstall: () => {
      globalThis.fetch = inner;
    },
  };
}
let fixture: { uninstall(): void } | undefined;

describe('title detail and favorites on the real API', () => {
  const api = useRealApi();
  beforeEach(() => loadTestMessages());

  const at = (path: string, pattern: string, screenEl: React.ReactNode) => {
    const { hook } = memoryLocation({ path });
    render(
      <Router hook={hook}>
        <Route path={pattern}>{screenEl}</Route>
      </Router>,
    );
  };

  it('chapter sort: oldest first (or newest first where the title says so), then the newer and older lists swap and reverse, with the app separator between', async () => {
    // A title with chapters behind the separator (ended middle chapters).
    const now = Math.floor(Date.now() / 1000);
    const ended = api.catalog.chapters.find((c) => c.end_ts > 0 && c.end_ts < now)!;
    const titleId = ended.title_id;
    const names = api.catalog.chapters.filter((c) => c.title_id === titleId && c.start_ts <= now).map((c) => c.name);
    await runUiModel(
      chapterSortMachine,
      {
        name: 'chapterSort',
        // The demo catalog's titles start oldest first; a title starting newest first is a fixture.
        inputs: [{ descending: false }, { descending: true }],
        simple: true,
      },
      (input) => ({
        render: async () => {
          fixture?.uninstall();
          fixture = (input as { descending: boolean }).descending ? startsDescending(titleId) : undefined;
          at(`/titles/${titleId}`, '/titles/:id', <TitleScreen />);
          await screen.findByTestId('app-separator');
        },
        events: { 'sort.toggle': () => fireEvent.click(screen.getByRole('button', { name: /Change chapter order$/ })) },
        check: (s) => {
          const shown = [...document.querySelectorAll('.chapter-list > li')].map((li) =>
            li.classList.contains('chapter-separator') ? '|' : li.querySelector('.chapter__name')!.firstChild!.textContent,
          );
          const sep = shown.indexOf('|');
          expect(sep).toBeGreaterThan(0);
          const visible = shown.filter((x) => x !== '|');
          // Readable chapters only: the first and last groups.
          const first = names.slice(0, sep);
          const last = names.slice(names.length - (visible.length - sep));
          expect(visible).toEqual(s.value === 'newestFirst' ? [...last].reverse().concat([...first].reverse()) : first.concat(last));
        },
      }),
    );
    fixture?.uninstall();
  });

  describe('favorites REMOVE / UNDO', () => {
    let gate: Gate;
    afterEach(() => gate?.uninstall());

    it('marks, unmarks and restores through the API', async () => {
      const titleId = api.catalog.titles[7].id;
      await runUiModel(
        bookmarkItemMachine,
        {
          name: 'bookmarkItem',
          simple: true,
          events: [
            { type: 'bookmark.remove' },
            { type: 'bookmark.undo' },
            { type: 'bookmark.done' },
            { type: 'bookmark.failed', message: 'x' },
          ],
        },
        () => ({
          render: async () => {
            gate?.uninstall();
            // A new visitor each path, with this title favorited.
            const r = await api.app.inject({
              method: 'PUT',
              url: `/api/title_list/bookmark?title_id=${titleId}`,
              headers: { 'session-token': sessionToken() },
            });
            expect(r.statusCode).toBe(200);
            at('/favorited', '/favorited', <FavoritedScreen />);
            await screen.findByRole('button', { name: 'REMOVE' });
            gate = installGate(/\/api\/title_list\/bookmark/);
          },
          events: {
            'bookmark.remove': () => fireEvent.click(screen.getByRole('button', { name: 'REMOVE' })),
            'bookmark.undo': () => fireEvent.click(screen.getByRole('button', { name: 'UNDO' })),
            'bookmark.done': () => gate.release('pass'),
            'bookmark.failed': () => gate.release('fail'),
          },
          check: (s) => {
            const li = document.querySelector<HTMLElement>(`[data-title-id="${titleId}"].favorite-item`)!;
            // What the reader sees: REMOVE while kept, Loading (disabled) while a call runs, UNDO once removed (greyed).
            const button = within(li).getByRole<HTMLButtonElement>('button');
            const busy = s.value === 'removing' || s.value === 'restoring';
            expect(button.disabled).toBe(busy);
            expect(button.textContent).toBe(busy ? 'LOADING' : s.value === 'removed' ? 'UNDO' : 'REMOVE');
            expect(li.classList.contains('favorite-item--removed')).toBe(s.value === 'removed' || s.value === 'restoring');
            expect(!!within(li).queryByRole('alert')).toBe(!!(s.context as { error: string | null }).error);
          },
        }),
      );
    });
  });

  it('an empty bookshelf says so in words, not the NO_FAVORITE key', async () => {
    at('/favorited', '/favorited', <FavoritedScreen />);
    expect(await screen.findByTestId('empty-bookshelf')).toHaveProperty('textContent', expect.stringContaining('Your bookshelf is empty'));
  });
});
