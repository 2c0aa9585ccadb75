import { beforeEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { globalErrorMachine } from '../../machines/globalErrorMachine';
import { GlobalErrorOutlet, GlobalErrorProvider } from '../../src/app/GlobalErrorOutlet';
import { reportLoadError } from '../../src/api/loadErrors';
import { call } from '../../src/api/client';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { runUiModel } from './uiModel';

/**
 * The global error state (000 §2, §8) on the real server: a screen load fails
 * with MAINTENANCE (the server switched to maintenance), GEOIP_BLOCKING (a
 * blocked region in the edge's header) or anything else (an unknown title),
 * and the matching screen replaces the routed content until the reader
 * navigates.
 */
describe('global error on the real server', () => {
  const api = useRealApi();
  beforeEach(() => loadTestMessages());

  it('none → maintenance / geo-blocking / default → cleared by navigation', async () => {
    let loc = memoryLocation({ path: '/a' });
    let path = '/a';
    await runUiModel(
      globalErrorMachine,
      {
        name: 'globalError',
        events: [
          { type: 'error.reported', kind: 'maintenance' },
          { type: 'error.reported', kind: 'geoBlocking' },
          { type: 'error.reported', kind: 'default' },
          { type: 'route.changed' },
        ],
        // Root-level events make simple paths explode; shortest paths plus these walks take every transition.
        sequences: (['maintenance', 'geoBlocking', 'default'] as const).flatMap((from) =>
          (['maintenance', 'geoBlocking', 'default'] as const).map((to) => [
            { type: 'error.reported', kind: from },
            { type: 'error.reported', kind: to },
            { type: 'route.changed' },
          ]),
        ),
      },
      () => ({
        render: () => {
          loc = memoryLocation({ path: '/a' });
          path = '/a';
          render(
            <Router hook={loc.hook}>
              <GlobalErrorProvider>
                <GlobalErrorOutlet>
                  <main data-screen="content" />
                </GlobalErrorOutlet>
              </GlobalErrorProvider>
            </Router>,
          );
        },
        events: {
          'error.reported': async (e) => {
            const kind = e.kind as string;
            const cfg = api.app.config;
            cfg.maintenance = kind === 'maintenance';
            cfg.blockedRegions = kind === 'geoBlocking' ? ['XX'] : [];
            try {
              // A screen's load failing as the server answers, reported as every screen does (useApi).
              // The region arrives in the header the edge sets.
              const inner = globalThis.fetch;
              if (kind === 'geoBlocking')
                globalThis.fetch = (u: RequestInfo | URL, init?: RequestInit) =>
                  inner(u, {
                    ...init,
                    headers: { ...(init?.headers as Record<string, string>), [cfg.regionHeader]: 'XX' },
                  });
              const p =
                kind === 'default'
                  ? call('/title_detailV3', { query: { title_id: 99_999_999 } })
                  : call('/title_list/rankingV2', { query: { type: 'hottest', lang: 'eng' } });
              globalThis.fetch = inner;
              const err = await p.then(
                () => null,
                (x: unknown) => x,
              );
              expect(err).not.toBeNull();
              act(() => reportLoadError(err));
            } finally {
              cfg.maintenance = false;
              cfg.blockedRegions = [];
            }
          },
          'route.changed': () =>
            act(() => {
              path = path === '/a' ? '/b' : '/a';
              loc.navigate(path);
            }),
        },
        check: (s) => {
          const shown = document.querySelector('[data-screen]')?.getAttribute('data-screen');
          expect(shown).toBe(
            { none: 'content', maintenance: 'maintenance', geoBlocking: 'blocking', default: 'not-found' }[String(s.value)],
          );
        },
      }),
    );
  });
});
