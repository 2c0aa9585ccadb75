import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { historyMachine } from '../../machines/historyMachine';
import HistoryScreen from '../../src/screens/history/HistoryScreen';
import { ContinueReading } from '../../src/screens/history/ContinueReading';
import { saveSession, storedResumePosition, storedSession } from '../../src/lib/storage';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { installGate, type Gate } from './gate';
import { runUiModel } from './uiModel';
import { until } from './until';

/** The history machine's paths against the history screen and the real API (a new visitor per path). */
describe('history machine against the history screen and the real API', () => {
  const api = useRealApi();
  let gate: Gate;
  beforeEach(() => {
    loadTestMessages();
    gate = installGate(/\/api\/history(\?|$)/);
  });
  afterEach(() => gate.uninstall());

  /** Chapters of different titles, for entries. */
  const chapters = () => {
    const seen = new Set<number>();
    return api.catalog.chapters.filter((c) => !seen.has(c.title_id) && seen.add(c.title_id)).slice(0, 3);
  };
  /** Reports positions for the visitor the page uses (its session token). */
  async function seed(token: string, n: number, at = 1000) {
    for (const [i, c] of chapters().slice(0, n).entries()) {
      const r = await api.app.inject({
        method: 'POST',
        url: `/api/history/position?chapter_id=${c.id}&item=3&page=4&page_count=9&at=${at + i}`,
        headers: { 'session-token': token },
      });
      expect(r.statusCode).toBe(200);
    }
  }
  const token = async () => {
    await until(() => storedSession() !== null, 'the API client to store a session token');
    return storedSession()!;
  };
  const listed = () => document.querySelectorAll('.history__entry').length;

  it('every state and transition, as the reader sees it', async () => {
    const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ title: { titleId: i + 1 } }));
    const r = await runUiModel(
      historyMachine,
      {
        name: 'history',
        events: [
          { type: 'history.loaded', entries: entries(2) },
          { type: 'history.loaded', entries: [] },
          { type: 'history.failed', message: 'x' },
          { type: 'history.retry' },
          { type: 'history.remove', titleId: 1 },
          { type: 'history.clear' },
          { type: 'history.removed' },
          { type: 'error.dismiss' },
        ],
      },
      () => ({
        render: () => {
          render(<HistoryScreen />);
        },
        events: {
          'history.loaded': async (e) => {
            await seed(await token(), (e.entries as unknown[]).length);
            await gate.release('pass');
          },
          'history.failed': () => gate.release('fail'),
          'history.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
          // (An empty history offers neither: the guarded events change nothing.)
          'history.remove': () => {
            const [first] = screen.queryAllByRole('button', { name: /^Remove .* from history$/ });
            if (first) fireEvent.click(first);
          },
          'history.clear': () => {
            const clear = screen.queryByRole('button', { name: 'Clear history' });
            if (clear) fireEvent.click(clear);
          },
          'history.removed': () => gate.release('pass'),
          // (Without an error there is nothing to dismiss: the event changes nothing.)
          'error.dismiss': () => {
            const close = screen.queryByRole('button', { name: 'Close' });
            if (close) fireEvent.click(close);
          },
        },
        check: (s) => {
          const ctx = s.context as { entries: unknown[]; error: string | null };
          // What the reader sees in each state: the spinner while loading, a retry after a failed load,
          // the list with its buttons, and those buttons held while a removal runs.
          expect(listed()).toBe(ctx.entries.length);
          expect(!!screen.queryByRole('alert')).toBe(!!ctx.error);
          expect(!!screen.queryByRole('status')).toBe(s.value === 'loading');
          expect(!!screen.queryByRole('button', { name: 'Try again' })).toBe(s.value === 'error');
          if (s.value === 'shown' && ctx.entries.length === 0) screen.getByText(/Nothing here yet/);
          const removes = screen.queryAllByRole('button', { name: /^Remove .* from history$/ });
          expect(removes.length).toBe(ctx.entries.length);
          for (const b of [...removes, ...screen.queryAllByRole('button', { name: 'Clear history' })])
            expect((b as HTMLButtonElement).disabled).toBe(s.value === 'removing');
        },
      }),
    );
    expect(r.paths).toBeGreaterThan(0);
  });

  it('each entry shows its title, chapter and page, opens the chapter where it was left, and fills in the local position', async () => {
    gate.uninstall();
    const t = 'ab'.repeat(16);
    saveSession(t);
    await seed(t, 2);
    render(<HistoryScreen />);
    await waitFor(() => expect(listed()).toBe(2));
    const [first, second] = chapters();
    // Most recent first.
    const link = document.querySelector<HTMLAnchorElement>('.history__entry a')!;
    expect(link.getAttribute('href')).toBe(`/viewer/${second.id}`);
    expect(link.textContent).toContain('Page 4 of 9');
    expect(link.textContent).toContain(api.catalog.titles.find((x) => x.id === second.title_id)!.name);
    // A browser without a local position resumes where the server says.
    expect(storedResumePosition(first.id)).toBe(3);
  });

  it('the home row lists the history and links to the history screen; nothing without history', async () => {
    gate.uninstall();
    saveSession('cd'.repeat(16));
    const { unmount } = render(<ContinueReading />);
    // Nothing to show: the row stays away.
    await new Promise((r) => setTimeout(r, 300));
    expect(document.querySelector('.continue-reading')).toBeNull();
    unmount();
    await seed('cd'.repeat(16), 3);
    render(<ContinueReading />);
    await waitFor(() => expect(document.querySelectorAll('.continue-reading .history-card').length).toBe(3));
    expect(screen.getByRole('heading', { name: /Continue reading/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/history');
  });
});
