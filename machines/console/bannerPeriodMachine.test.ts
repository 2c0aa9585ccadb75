import { describe, expect, it } from 'vitest';
import { bannerPeriodMachine, type BannerPeriodEvent } from './bannerPeriodMachine';
import { after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';

const T = 1_800_000_000;
const EVENTS: BannerPeriodEvent[] = [
  { type: 'period.set', startAt: T + 60, endAt: T + 3600 },
  { type: 'period.set', startAt: T + 60, endAt: T },
  { type: 'period.set', startAt: null, endAt: null },
  { type: 'clock.tick', now: T + 60 },
  { type: 'clock.tick', now: T + 3600 },
];

describe('bannerPeriodMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'consoleBannerPeriod',
      bannerPeriodMachine,
      machinePaths(bannerPeriodMachine, { inputs: [{ startAt: null, endAt: null, now: T }], events: EVENTS }),
    );
  });

  it('a banner starting in a minute is scheduled, then live at its start, then ended at its end', () => {
    const input = { startAt: T + 60, endAt: T + 3600, now: T };
    expect(after(bannerPeriodMachine, input, []).value).toBe('scheduled');
    expect(after(bannerPeriodMachine, input, [{ type: 'clock.tick', now: T + 59 }]).value).toBe('scheduled');
    expect(after(bannerPeriodMachine, input, [{ type: 'clock.tick', now: T + 60 }]).value).toBe('live');
    expect(after(bannerPeriodMachine, input, [{ type: 'clock.tick', now: T + 3600 }]).value).toBe('ended');
  });

  it('an end at or before the start is invalid whatever the time; no end means live from the start on', () => {
    expect(after(bannerPeriodMachine, { startAt: T, endAt: T, now: T + 10 }, []).value).toBe('invalid');
    expect(after(bannerPeriodMachine, { startAt: T, endAt: null, now: T + 10 ** 6 }, []).value).toBe('live');
    expect(after(bannerPeriodMachine, { startAt: null, endAt: T, now: T }, []).value).toBe('incomplete');
    // Extending an ended banner schedules... no: it is live again at once (its start has passed).
    expect(
      after(bannerPeriodMachine, { startAt: T, endAt: T + 1, now: T + 5 }, [{ type: 'period.set', startAt: T, endAt: T + 100 }]).value,
    ).toBe('live');
  });
});
