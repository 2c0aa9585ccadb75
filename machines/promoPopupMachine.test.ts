import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PROMO_INTERVAL_SECONDS, promoPopupMachine, type PromoInput } from './promoPopupMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const NOW = 1_800_000_000;
const SHOWN: PromoInput = { config: { start: NOW - 100, end: NOW + 100, regions: ['US', 'FR'] }, now: NOW, region: 'fr', lastShown: null };
const INPUTS: PromoInput[] = [SHOWN, { ...SHOWN, now: SHOWN.config.end }, { ...SHOWN, region: 'DE' }, { ...SHOWN, lastShown: NOW - 60 }];

describe('promoPopupMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('promoPopup', promoPopupMachine, machinePaths(promoPopupMachine, { inputs: INPUTS }));
  });

  it('shows only inside the window, for listed regions, at most once per 24 hours', () => {
    const value = (input: PromoInput) => after(promoPopupMachine, input, []).value;
    expect(value(SHOWN)).toBe('shown');
    expect(value({ ...SHOWN, now: SHOWN.config.start })).toBe('shown');
    expect(value({ ...SHOWN, now: SHOWN.config.start - 1 })).toBe('off');
    expect(value({ ...SHOWN, now: SHOWN.config.end })).toBe('off');
    expect(value({ ...SHOWN, region: 'DE' })).toBe('off');
    expect(value({ ...SHOWN, region: null })).toBe('off');
    expect(value({ ...SHOWN, lastShown: NOW - PROMO_INTERVAL_SECONDS + 1 })).toBe('off');
    expect(value({ ...SHOWN, lastShown: NOW - PROMO_INTERVAL_SECONDS })).toBe('shown');
  });

  it('stores the showing time; following is tracked', () => {
    const log = actionLog('saveShown', 'trackFollow');
    const a = createActor(promoPopupMachine.provide({ actions: log.actions }), { input: SHOWN }).start();
    a.send({ type: 'promo.follow' });
    expect(a.getSnapshot().value).toBe('off');
    expect(log.calls).toEqual([
      ['saveShown', { now: NOW }],
      ['trackFollow', undefined],
    ]);
    expect(after(promoPopupMachine, SHOWN, [{ type: 'promo.close' }]).value).toBe('off');
  });
});
