import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { create } from '@bufbuild/protobuf';
import { PopupSchema } from '../../core/gen/manga/v1/common_pb';
import { popupMachine } from '../../machines/popupMachine';
import { ServerPopup } from '../../src/ui/ServerPopup';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { runUiModel } from './uiModel';

/** A popup of the demo catalog: the server logs taps of catalog popups only. */
const POPUP_ID = 9101;
const popup = create(PopupSchema, {
  popupId: POPUP_ID,
  data: {
    case: 'appDefault',
    value: {
      subject: 'Rated teen+',
      body: 'This series is for older readers.',
      imageUrl: '/img/popup/9101.webp',
      action: { url: 'mangareader://detail/100001' },
    },
  },
} as never);

describe('server popups (popupMachine) on the rendered popup', () => {
  const api = useRealApi();
  beforeEach(() => loadTestMessages());

  for (const kind of ['rating', 'home'] as const) {
    it(`${kind} popup: shown once mounted unless seen, close, follow, don't show again`, async () => {
      let loc = memoryLocation({ path: '/titles/100001', record: true });
      await runUiModel(
        popupMachine,
        {
          name: 'popup',
          inputs: [
            { popupId: POPUP_ID, seen: false },
            { popupId: POPUP_ID, seen: true },
          ],
          events: [
            { type: 'popup.mounted' },
            { type: 'popup.close' },
            { type: 'popup.follow' },
            ...(kind === 'rating' ? [{ type: 'popup.dontShowAgain', checked: true }] : []),
          ],
          ...(kind === 'home' ? { skipEvents: ['popup.dontShowAgain'] } : {}),
          exceptions:
            kind === 'home'
              ? {
                  transitions: {
                    'popup.shown popup.dontShowAgain#0':
                      "the home popup has no don't-show-again box (it is shown once); the rating run takes this transition",
                  },
                }
              : {},
          sequences: (input) =>
            kind === 'rating' && !(input as { seen: boolean }).seen
              ? [
                  [
                    { type: 'popup.mounted' },
                    { type: 'popup.dontShowAgain', checked: true },
                    { type: 'popup.dontShowAgain', checked: false },
                    { type: 'popup.close' },
                  ],
                ]
              : [],
        },
        (input) => ({
          render: () => {
            // Seen: in the viewed list (home) or "Don't show again" ticked (rating).
            if ((input as { seen: boolean }).seen) {
              if (kind === 'home') localStorage.setItem('viewed_popup_ids', JSON.stringify([POPUP_ID]));
              else localStorage.setItem(`rating_checked_${POPUP_ID}`, 'true');
            }
            loc = memoryLocation({ path: '/titles/100001', record: true });
          },
          events: {
            // Mounting is rendering the screen that carries the popup.
            'popup.mounted': () => {
              render(
                <Router hook={loc.hook}>
                  <ServerPopup kind={kind} popup={popup} />
                  <span data-testid="mounted" />
                </Router>,
              );
            },
            'popup.close': () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
            'popup.follow': () => fireEvent.click(screen.getByRole('link', { name: 'Open' })),
            'popup.dontShowAgain': (e) => {
              const box = screen.getByRole<HTMLInputElement>('checkbox', { name: "Don't show again" });
              if (box.checked !== e.checked) fireEvent.click(box);
            },
          },
          check: (s) => {
            const c = s.context as { dontShowAgain: boolean; seen: boolean };
            const shown = s.value === 'shown';
            expect(!!screen.queryByRole('dialog')).toBe(shown);
            if (s.value === 'unmounted') expect(screen.queryByTestId('mounted')).toBeNull();
            if (kind === 'home' && s.value !== 'unmounted')
              expect(JSON.parse(localStorage.getItem('viewed_popup_ids') ?? '[]')).toContain(POPUP_ID);
            if (kind === 'rating' && !c.seen) expect(localStorage.getItem(`rating_checked_${POPUP_ID}`) === 'true').toBe(c.dontShowAgain);
            if (shown && kind === 'rating') expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(c.dontShowAgain);
          },
        }),
      );
      if (kind === 'home') {
        // Following the popup logged a tap on the server.
        const taps = await api.db.selectFrom('tap_logs').selectAll().execute();
        expect(taps.some((r) => JSON.stringify(r).includes(String(POPUP_ID)))).toBe(true);
      }
    });
  }
});
