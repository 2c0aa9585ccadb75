import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { favoriteToggleMachine } from '../../machines/favoriteToggleMachine';
import { FavoriteToggle } from '../../src/screens/title/FavoriteToggle';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { installGate, type Gate } from './gate';
import { runUiModel } from './uiModel';
import { until } from './until';

describe('favoriteToggle machine against the title page toggle and the real API', () => {
  const api = useRealApi();
  let gate: Gate;
  beforeEach(() => {
    loadTestMessages();
    gate = installGate(/\/api\/title_list\/bookmark/);
  });
  afterEach(() => gate.uninstall());

  it('every state and transition, as the reader sees it', async () => {
    const titleId = api.catalog.titles[3].id;
    const r = await runUiModel(
      favoriteToggleMachine,
      {
        name: 'favoriteToggle',
        inputs: [{ subscribed: false }, { subscribed: true }],
        simple: true,
        sequences: [
          [{ type: 'favorite.toggle' }, { type: 'favorite.failed', message: 'x' }, { type: 'error.dismiss' }],
          [
            { type: 'favorite.toggle' },
            { type: 'favorite.done' },
            { type: 'favorite.toggle' },
            { type: 'favorite.failed', message: 'x' },
            { type: 'error.dismiss' },
          ],
        ],
        events: [
          { type: 'favorite.toggle' },
          { type: 'favorite.done' },
          { type: 'favorite.failed', message: 'x' },
          { type: 'error.dismiss' },
        ],
      },
      (input) => ({
        render: () => {
          render(<FavoriteToggle titleId={titleId} subscribed={(input as { subscribed: boolean }).subscribed} />);
        },
        events: {
          'favorite.toggle': () => fireEvent.click(screen.getByRole('button', { pressed: undefined as never, name: /favorite/i })),
          'favorite.done': () => gate.release('pass'),
          'favorite.failed': () => gate.release('fail'),
          'error.dismiss': () => {
            const close = screen.queryByRole('button', { name: 'Close' });
            if (close) fireEvent.click(close);
          },
        },
        check: (s: { value: unknown; context: unknown }) => {
          const button = document.querySelector<HTMLButtonElement>('.favorite button')!;
          const busy = s.value === 'subscribing' || s.value === 'unsubscribing';
          const on = s.value === 'subscribed' || s.value === 'unsubscribing';
          expect(button.disabled).toBe(busy);
          expect(button.getAttribute('aria-pressed')).toBe(String(on));
          expect(button.textContent).toBe(busy ? 'LOADING' : on ? 'Favorited' : 'Add to favorites');
          const ctx = s.context as { error: string | null };
          expect(!!screen.queryByRole('alert')).toBe(!!ctx.error);
        },
      }),
    );
    expect(r.paths).toBeGreaterThan(0);
  });

  it('the favorite is saved and the toggle settles before the notification permission is asked, never waiting for the answer', async () => {
    const titleId = api.catalog.titles[6].id;
    // A browser with push whose permission prompt is never answered.
    const requestPermission = vi.fn(() => new Promise<NotificationPermission>(() => {}));
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
    try {
      render(<FavoriteToggle titleId={titleId} subscribed={false} />);
      fireEvent.click(screen.getByRole('button'));
      // The PUT goes first (held here by the gate), asking nothing.
      await until(() => gate.pending() === 1 || requestPermission.mock.calls.length > 0, 'the bookmark call or the permission prompt');
      expect(requestPermission).not.toHaveBeenCalled();
      await gate.release('pass');
      await screen.findByText(/Favorited/);
      expect(screen.getByRole('button', { name: 'Favorited' }).getAttribute('aria-pressed')).toBe('true');
      // Then the prompt, still unanswered: the toggle stays settled.
      await until(() => requestPermission.mock.calls.length > 0, 'the permission prompt');
      expect(requestPermission).toHaveBeenCalledTimes(1);
      expect(screen.getByRole<HTMLButtonElement>('button').disabled).toBe(false);
      const rows = await api.db.selectFrom('bookmarks').selectAll().where('title_id', '=', titleId).execute();
      expect(rows.length).toBe(1);
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it("a favorite stored through the toggle is on the visitor's list", async () => {
    gate.uninstall();
    const titleId = api.catalog.titles[5].id;
    render(<FavoriteToggle titleId={titleId} subscribed={false} />);
    fireEvent.click(screen.getByRole('button'));
    await screen.findByText(/Favorited/);
    const rows = await api.db.selectFrom('bookmarks').selectAll().where('title_id', '=', titleId).execute();
    expect(rows.length).toBe(1);
  });
});
