import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { consentMachine, CONSENT_POLL_MS } from '../../machines/consentMachine';
import { ConsentWatcher } from '../../src/app/ShellPopups';
import { runUiModel } from './uiModel';

/**
 * Consent polling (001 §4) with the shell's mounted watcher and a hand-driven
 * clock, the consent tool replaced by a stand-in of its banner: each step is
 * the visitor's choice on the banner ("Accept all cookies": 8 active groups,
 * "Necessary cookies only": 3) followed by one 200 ms poll. What the page
 * tells the tag manager (window.dataLayer) and its own listeners
 * ("consent-ready") is checked: once, when 8 groups are active; polling stops
 * after the last try (2 here instead of 500, so a path stays short).
 */
function ConsentBannerStandIn({ choose }: { choose: (groups: number) => void }) {
  return (
    <div role="region" aria-label="Cookie consent">
      <button type="button" onClick={() => choose(8)}>
        Accept all cookies
      </button>
      <button type="button" onClick={() => choose(3)}>
        Necessary cookies only
      </button>
    </div>
  );
}

describe('consent polling (consentMachine) with the mounted watcher', () => {
  it('polls every 200 ms, raises consent-ready at 8 groups, gives up after the last try', async () => {
    const w = window as unknown as { OnetrustActiveGroups?: string };
    let ready = 0;
    let reads = 0;
    const onReady = () => void ready++;
    window.addEventListener('consent-ready', onReady);
    const groups = (n: number) => Array.from({ length: n }, (_, i) => `C000${i + 1}`).join(',');
    let current = '';
    let next = 1;
    const timers = new Map<number, { fn: () => void; ms: number }>();
    const clock = {
      setTimeout: (fn: () => void, ms: number) => {
        timers.set(next, { fn, ms });
        return next++;
      },
      clearTimeout: (id: number) => void timers.delete(id),
    };
    Object.defineProperty(window, 'OnetrustActiveGroups', {
      configurable: true,
      get: () => {
        reads++;
        return current;
      },
    });
    try {
      await runUiModel(
        consentMachine,
        {
          name: 'consent',
          inputs: [{ maxTries: 2 }],
          events: [
            { type: 'consent.checked', activeGroups: 8 },
            { type: 'consent.checked', activeGroups: 3 },
          ],
          simple: true,
        },
        () => ({
          render: () => {
            ready = 0;
            reads = 0;
            current = '';
            timers.clear();
            window.dataLayer = [];
            render(
              <>
                <ConsentBannerStandIn choose={(n) => (current = groups(n))} />
                <ConsentWatcher maxTries={2} clock={clock} />
              </>,
            );
          },
          events: {
            // The visitor chooses on the banner; the watcher reads the tool on its next poll.
            'consent.checked': (e) =>
              act(() => {
                fireEvent.click(
                  screen.getByRole('button', { name: e.activeGroups === 8 ? 'Accept all cookies' : 'Necessary cookies only' }),
                );
                const due = [...timers.entries()];
                timers.clear();
                for (const [, t] of due) {
                  expect(t.ms).toBe(CONSENT_POLL_MS);
                  t.fn();
                }
              }),
          },
          check: (s) => {
            expect(ready).toBe(s.value === 'ready' ? 1 : 0);
            const told = (window.dataLayer ?? []).filter((d) => d.event === 'consent-ready');
            expect(told.length).toBe(s.value === 'ready' ? 1 : 0);
            const c = s.context as { tries: number };
            // Every poll reads the tool once; a poll is armed exactly while polling.
            expect(reads).toBe(s.value === 'ready' ? c.tries + 1 : c.tries);
            expect(timers.size).toBe(s.value === 'polling' ? 1 : 0);
          },
        }),
      );
    } finally {
      window.removeEventListener('consent-ready', onReady);
      delete w.OnetrustActiveGroups;
    }
  });
});
