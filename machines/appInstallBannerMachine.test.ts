import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appInstallBannerMachine, BANNER_HIDDEN_SECONDS } from './appInstallBannerMachine';
import { expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const NOW = 1_800_000_000;
type BannerInput = { dismissedAt: number | null; now: number; requireNeverDismissed?: boolean };
const INPUTS: BannerInput[] = [
  { dismissedAt: null, now: NOW },
  { dismissedAt: NOW - 10, now: NOW },
  { dismissedAt: NOW - BANNER_HIDDEN_SECONDS, now: NOW },
  { dismissedAt: NOW - BANNER_HIDDEN_SECONDS - 1, now: NOW, requireNeverDismissed: true },
];

describe('appInstallBannerMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('appInstallBanner', appInstallBannerMachine, machinePaths(appInstallBannerMachine, { inputs: INPUTS }));
  });

  it('hides for 60 days after a dismissal, then reminds', () => {
    const state = (input: (typeof INPUTS)[number]) => createActor(appInstallBannerMachine, { input }).start().getSnapshot().value;
    expect(state(INPUTS[0])).toBe('visible');
    expect(state(INPUTS[1])).toBe('hidden');
    expect(state({ dismissedAt: NOW - BANNER_HIDDEN_SECONDS + 1, now: NOW })).toBe('hidden');
    expect(state(INPUTS[2])).toBe('visible');
    expect(state(INPUTS[3])).toBe('hidden');
    expect(state({ dismissedAt: null, now: NOW, requireNeverDismissed: true })).toBe('visible');
  });

  it('saves the dismissal', () => {
    const saved: string[] = [];
    const a = createActor(
      appInstallBannerMachine.provide({ actions: { saveDismissed: () => void saved.push('d'), trackInstall: () => void saved.push('i') } }),
      { input: INPUTS[0] },
    ).start();
    a.send({ type: 'banner.install' });
    expect(saved).toEqual(['i', 'd']);
    expect(a.getSnapshot().value).toBe('hidden');
  });
});
