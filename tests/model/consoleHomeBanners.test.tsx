import { afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { bannerPeriodMachine } from '../../machines/console/bannerPeriodMachine';
import { App } from '../../console/app/App';
import { secondsToZoned } from '../../console/ui/zonedTime';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { manualConsoleClock, scriptedConsoleApi } from './consoleApi';
import { runUiModel } from './uiModel';

const member = { id: '3', email: 'ed@example.com', name: 'Ed Editor', roles: ['editor'], languages: [] };
const session = { member, session: { id: 's', idleExpiresAt: 0, expiresAt: 0, reauthUntil: 0 } };
const START_MS = Date.UTC(2026, 10, 26, 9, 0);
const T = START_MS / 1000;

/** A new banner's period on the real console's banner editor: typed in a time zone, its phase moving with the clock. */
describe("a banner's period (model paths on the real console UI)", () => {
  const net = scriptedConsoleApi();
  let clock = manualConsoleClock(START_MS);
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());

  it('incomplete, invalid, scheduled, live, ended', async () => {
    await runUiModel(
      bannerPeriodMachine,
      {
        name: 'consoleBannerPeriod',
        inputs: [{ startAt: null, endAt: null, now: T }],
        events: [
          { type: 'period.set', startAt: T + 60, endAt: T + 3600 },
          { type: 'period.set', startAt: T + 60, endAt: T },
          { type: 'period.set', startAt: null, endAt: null },
          { type: 'clock.tick', now: T + 60 },
          { type: 'clock.tick', now: T + 3600 },
        ],
      },
      () => ({
        render: async () => {
          net.pending.length = 0;
          clock = manualConsoleClock(START_MS);
          window.history.replaceState(null, '', '/console/banners');
          render(<App clock={clock} />);
          await net.answer('GET', '/session', 200, session);
          await net.answer('GET', '/banners?placement=home_top', 200, { banners: [] });
          fireEvent.click(screen.getByRole('button', { name: 'New banner' }));
          // Times below are typed as Tokyo wall-clock times, read back in that zone.
          fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Asia/Tokyo' } });
        },
        events: {
          'period.set': (e) => {
            fireEvent.change(screen.getByLabelText('Starts'), {
              target: { value: secondsToZoned(e.startAt as number | null, 'Asia/Tokyo') },
            });
            fireEvent.change(screen.getByLabelText(/^Ends/), { target: { value: secondsToZoned(e.endAt as number | null, 'Asia/Tokyo') } });
          },
          'clock.tick': (e) => act(() => clock.advance((e.now as number) * 1000 - clock.now())),
        },
        check: (s) => {
          const v = s.value as string;
          const want = {
            incomplete: 'Choose when it starts.',
            invalid: 'The end must be after the start.',
            scheduled: 'Scheduled: starts in 1 min.',
            live: 'Live now.',
            ended: 'Ended.',
          }[v];
          if (!want || !screen.queryByText(want)) throw new Error(`${v}: "${want}" not shown`);
          const save = screen.getByText<HTMLButtonElement>('Save', { selector: 'button' });
          // Nothing is sent for a period that cannot be right.
          if ((v === 'invalid' || v === 'incomplete') !== save.disabled)
            throw new Error(`${v}: Save ${save.disabled ? 'held' : 'offered'}`);
          const ctx = s.context as { startAt: number | null };
          if (ctx.startAt !== null && screen.getByLabelText<HTMLInputElement>('Starts').value !== secondsToZoned(ctx.startAt, 'Asia/Tokyo'))
            throw new Error('the start is not shown back in the chosen zone');
        },
      }),
    );
  });
});
