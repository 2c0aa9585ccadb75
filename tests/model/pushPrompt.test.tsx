import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { pushSubscriptionMachine, type PushSubscriptionInput } from '../../machines/pushSubscriptionMachine';
import { PUSH_REFRESH_SECONDS, pushTokenMachine } from '../../machines/pushTokenMachine';
import type { LastPage, MangaViewer } from '../../core/gen/manga/v1/viewer_pb';
import { STORAGE } from '../../core/storageKeys';
import { LastPageCard } from '../../src/screens/viewer/LastPageCard';
import { ShellPopups } from '../../src/app/ShellPopups';
import { PushEnvContext } from '../../src/features/push/push';
import { markFavoritesStale } from '../../src/features/favorites/favorites';
import { loadMangaViewer } from '../../src/viewer/api';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { installGate, type Gate } from './gate';
import { PROMPT, pushStandIns, type PushStandIns } from './pushStandIns';
import { runUiModel } from './uiModel';

/**
 * Release notifications as the reader meets them, with the browser's push
 * APIs replaced by stand-ins given to the app through PushEnvContext
 * (pushStandIns.ts): the permission prompt is a dialog in the page that the
 * test answers by clicking Allow or Block, the service worker and push
 * service answer when a step says so, and the token post goes to the real
 * server (held by a gate). Each state is checked as the reader sees it: the
 * prompt is up exactly while the app asks, and the favorite that offered
 * notifications stays settled ("Favorited", enabled) whatever happens.
 */
describe('release notifications through the end page and the shell', () => {
  const api = useRealApi();
  let gate: Gate | undefined;
  let push: PushStandIns;
  let warn: MockInstance<typeof console.warn>;
  let chapter: MangaViewer;
  let last: LastPage;
  beforeAll(async () => {
    chapter = await loadMangaViewer(api.catalog.chapters.find((c) => c.title_id === api.catalog.titles[4].id)!.id, 'high');
    const end = chapter.pages.find((p) => p.data.case === 'lastPage')!.data;
    if (end.case !== 'lastPage') throw new Error('the chapter has no end page');
    last = end.value;
  });
  beforeEach(() => {
    loadTestMessages();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    gate?.uninstall();
    warn.mockRestore();
  });
  const prompt = () => screen.queryByRole('dialog', { name: PROMPT });
  const pushWarnings = () => warn.mock.calls.filter(([m]) => typeof m === 'string' && m.startsWith('push:')).length;
  const storedToken = (token: string) => api.db.selectFrom('push_tokens').select('lang').where('token', '=', token).executeTakeFirst();

  it('pushSubscription: offered once a favorite is saved on the end page, through the permission prompt', async () => {
    const posted: string[] = [];
    await runUiModel(
      pushSubscriptionMachine,
      {
        name: 'pushSubscription',
        inputs: [
          { supported: false, permission: 'default' },
          { supported: true, permission: 'denied' },
          { supported: true, permission: 'granted' },
          { supported: true, permission: 'default' },
        ] satisfies PushSubscriptionInput[],
        simple: true,
      },
      (input) => ({
        render: async () => {
          gate?.uninstall();
          push = pushStandIns(input as PushSubscriptionInput);
          warn.mockClear();
          gate = installGate(/\/api\/web_push_token\?/);
          markFavoritesStale(chapter.titleId, false);
          render(
            <PushEnvContext.Provider value={push.env}>
              <Router hook={memoryLocation({ path: `/viewer/${chapter.chapterId}` }).hook}>
                <Route path="/viewer/:id">
                  <LastPageCard last={{ ...last, isSubscribed: false }} viewer={chapter} />
                </Route>
              </Router>
            </PushEnvContext.Provider>,
          );
          fireEvent.click(screen.getByRole('button', { name: 'Add to favorites' }));
          await screen.findByRole('button', { name: 'Favorited' });
        },
        events: {
          'permission.granted': async () => fireEvent.click(within(await screen.findByRole('dialog', { name: PROMPT })).getByText('Allow')),
          'permission.denied': async () => fireEvent.click(within(await screen.findByRole('dialog', { name: PROMPT })).getByText('Block')),
          'worker.ready': () => push.worker(true),
          'worker.failed': () => push.worker(false),
          'subscription.ready': () => push.subscription(true),
          'subscription.failed': () => push.subscription(false),
          'token.posted': async () => {
            await gate!.release('pass');
            posted.push(push.token);
          },
          'token.failed': () => gate!.release('fail'),
        },
        check: (s) => {
          // The prompt is up exactly while the app asks; the favorite never waits on it.
          expect(!!prompt()).toBe(s.value === 'asking');
          const favorite = screen.getByTestId<HTMLButtonElement>('viewer-favorite');
          expect(favorite.textContent).toBe('Favorited');
          expect(favorite.disabled).toBe(false);
          // Nothing is asked where the browser has no push or the visitor already decided.
          const { supported, permission } = s.context as PushSubscriptionInput;
          if (!supported || permission !== 'default') expect(push.asked()).toBe(false);
          // Under the page: a failure is logged, never shown; a posted token is dated for the weekly refresh.
          expect(pushWarnings() > 0).toBe(s.value === 'failed' || s.value === 'unposted');
          expect(localStorage.getItem(STORAGE.pushTokenUpdated) !== null).toBe(s.value === 'subscribed');
        },
      }),
    );
    // What was posted reached the server, with the service language.
    expect(posted.length).toBeGreaterThan(0);
    for (const token of posted) expect(await storedToken(token)).toEqual({ lang: 'eng' });
  });

  it('pushToken: the weekly refresh in the shell, where notifications are allowed, never prompts', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stale = now - PUSH_REFRESH_SECONDS - 100;
    const stored = new Map<number, string | null>([
      [0, null],
      [stale, String(stale)],
      [now - 60, String(now - 60)],
    ]);
    await runUiModel(
      pushTokenMachine,
      { name: 'pushToken', inputs: [...stored.keys()].map((lastUpdated) => ({ lastUpdated, now })), simple: true },
      (input) => {
        const saved = stored.get((input as { lastUpdated: number }).lastUpdated)!;
        return {
          render: () => {
            gate?.uninstall();
            push = pushStandIns({ supported: true, permission: 'granted', holdRegistration: true });
            warn.mockClear();
            gate = installGate(/\/api\/web_push_token\?/);
            if (saved !== null) localStorage.setItem(STORAGE.pushTokenUpdated, saved);
            render(
              <PushEnvContext.Provider value={push.env}>
                <ShellPopups />
              </PushEnvContext.Provider>,
            );
          },
          events: {
            'token.received': () => push.registration(true),
            'token.unavailable': () => push.registration(false),
            'token.posted': () => gate!.release('pass'),
            'token.failed': () => gate!.release('fail'),
          },
          check: (s) => {
            expect(prompt()).toBeNull();
            expect(push.asked()).toBe(false);
            // Refreshed: the time is kept for next week; otherwise it stays as it was.
            const kept = localStorage.getItem(STORAGE.pushTokenUpdated);
            if (s.value === 'done') expect(Number(kept)).toBeGreaterThanOrEqual(now);
            else expect(kept).toBe(saved);
            // A failure is logged, never shown.
            expect(pushWarnings() > 0).toBe(s.value === 'failed');
          },
        };
      },
    );
  });
});
