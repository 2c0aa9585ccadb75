import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { languageSettingsMachine } from '../../machines/languageSettingsMachine';
import { LanguageProvider, toPayload } from '../../src/app/LanguageProvider';
import { LanguageSettings } from '../../src/app/LanguageSettings';
import { call } from '../../src/api/client';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { installGate, type Gate } from './gate';
import { runUiModel } from './uiModel';

/**
 * Language settings (000 §4, 001 §4) on the real GET /api/language: first use
 * takes the server's defaults, a stored choice is kept; the modal opens,
 * toggles content languages (stored at once), a service-language change
 * stores it with content reset to it and reloads, closing reloads (changed
 * or not: 001 §4), a route change closes it (reloading after a change).
 */
describe('language settings on the real server', () => {
  useRealApi();
  let gate: Gate | undefined;
  let payload: ReturnType<typeof toPayload>;
  beforeAll(async () => {
    const r = await call('/language');
    payload = toPayload(r.languages!);
  });
  beforeEach(() => loadTestMessages());
  afterEach(() => gate?.uninstall());

  it('every state and transition, as the visitor sees them', async () => {
    const stored = { storedService: 'en', storedContent: ['en'], browser: 'en' };
    const first = { storedService: null, storedContent: null, browser: 'en' };
    let reloads = 0;
    let loc = memoryLocation({ path: '/a' });
    let path = '/a';
    await runUiModel(
      languageSettingsMachine,
      {
        name: 'languageSettings',
        inputs: [first, stored],
        events: [
          { type: 'languages.loaded', languages: payload },
          { type: 'languages.failed' },
          { type: 'settings.open' },
          { type: 'settings.close' },
          { type: 'route.changed' },
          { type: 'service.select', lang: 'es' },
          { type: 'content.toggle', lang: 'fr' },
        ],
        sequences: (input) =>
          input === stored
            ? [
                [
                  { type: 'languages.loaded', languages: payload },
                  { type: 'settings.open' },
                  { type: 'content.toggle', lang: 'fr' },
                  { type: 'content.toggle', lang: 'fr' },
                  { type: 'settings.close' },
                ],
                [
                  { type: 'languages.loaded', languages: payload },
                  { type: 'settings.open' },
                  { type: 'content.toggle', lang: 'fr' },
                  { type: 'route.changed' },
                ],
                [{ type: 'languages.loaded', languages: payload }, { type: 'settings.open' }, { type: 'route.changed' }],
              ]
            : [],
        // While the first-use defaults load, the app shows LOADING: no settings button yet.
        skipStep: (from, e, input) => from === 'loading' && e.type === 'settings.open' && input === first,
      },
      (input) => {
        const i = input as typeof stored;
        return {
          render: () => {
            gate?.uninstall();
            gate = installGate(/\/api\/language/);
            reloads = 0;
            if (i.storedService) {
              localStorage.setItem('service_lang', 'eng');
              localStorage.setItem('content_langs_v2', JSON.stringify(i.storedContent));
            }
            loc = memoryLocation({ path: '/a' });
            path = '/a';
            render(
              <Router hook={loc.hook}>
                <LanguageProvider reload={() => void reloads++}>
                  <LanguageSettings />
                  <main data-testid="content" />
                </LanguageProvider>
              </Router>,
            );
          },
          events: {
            'languages.loaded': () => gate!.release('pass'),
            'languages.failed': () => gate!.release('fail'),
            'settings.open': () => fireEvent.click(screen.getByRole('button', { name: /Language settings$/ })),
            'settings.close': () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
            'route.changed': () =>
              act(() => {
                path = path === '/a' ? '/b' : '/a';
                loc.navigate(path);
              }),
            'service.select': () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Español' })),
            'content.toggle': () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('checkbox', { name: /Français/ })),
          },
          check: (s) => {
            const v = String(s.value);
            const c = s.context as { serviceLang: string; contentLangs: string[]; firstUse: boolean };
            const firstLoading = v === 'loading' && c.firstUse;
            expect(!!screen.queryByTestId('content')).toBe(!firstLoading);
            expect(!!screen.queryByRole('dialog')).toBe(v === 'open');
            expect(reloads).toBe(v === 'reloading' ? 1 : 0);
            if (v !== 'loading') {
              expect(localStorage.getItem('service_lang')).toBe({ en: 'eng', es: 'esp', fr: 'fra' }[c.serviceLang]);
              expect(JSON.parse(localStorage.getItem('content_langs_v2') ?? '[]')).toEqual(c.contentLangs);
            }
          },
        };
      },
    );
  });
});
