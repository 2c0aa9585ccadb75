import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { consentMachine } from '../../machines/consentMachine';
import { languageSettingsMachine } from '../../machines/languageSettingsMachine';
import { promoPopupMachine } from '../../machines/promoPopupMachine';
import { searchTextMachine } from '../../machines/searchTextMachine';
import { loadTestMessages } from '../../tests/model/shellHelpers';
import { GlobalErrorProvider } from './GlobalErrorOutlet';
import { LanguageProvider } from './LanguageProvider';
import { Shell } from './Shell';

/**
 * A navigation re-renders the shell (its links follow the route) and the providers that follow the route, in the
 * click's task. It does not build their machines again: `provide()` makes a whole new machine, and the
 * shell's actors keep the one they started with.
 */
describe('the shell on navigation', () => {
  beforeEach(() => {
    loadTestMessages();
    // Stored languages: the routes render at once (no first-use wait).
    localStorage.setItem('service_lang', 'eng');
    localStorage.setItem('content_langs_v2', JSON.stringify(['en']));
    // The languages are not loaded here: the test is about what a navigation builds.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
  });
  afterEach(() => vi.restoreAllMocks());

  it('provides the shell machines once, however many navigations follow', () => {
    const machines = { languageSettingsMachine, consentMachine, promoPopupMachine, searchTextMachine };
    const spies = Object.entries(machines).map(([name, m]) => [name, vi.spyOn(m, 'provide')] as const);
    const counts = () => Object.fromEntries(spies.map(([name, spy]) => [name, spy.mock.calls.length]));
    const loc = memoryLocation({ path: '/updates' });
    render(
      <Router hook={loc.hook}>
        <GlobalErrorProvider>
          <LanguageProvider reload={() => {}}>
            <Shell>
              <main data-testid="routed" />
            </Shell>
          </LanguageProvider>
        </GlobalErrorProvider>
      </Router>,
    );
    expect(screen.getByTestId('routed')).toBeTruthy();
    const first = counts();
    expect(first).toEqual({ languageSettingsMachine: 1, consentMachine: 1, promoPopupMachine: 1, searchTextMachine: 1 });
    for (const to of ['/featured', '/ranking/hottest', '/machines/commentSort', '/updates']) act(() => loc.navigate(to));
    // The shell did follow the route.
    expect(screen.getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/updates');
    expect(counts()).toEqual(first);
  });
});
