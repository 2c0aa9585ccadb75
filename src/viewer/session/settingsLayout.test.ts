import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_READER_SETTINGS, type ReaderSettings } from '../../../core/viewer/readerSettings';
import { ManualClock } from '../testing/manualClock';
import { AppliedSettings } from './settingsLayout';

function applied(start: ReaderSettings) {
  let now = start;
  const frames = new ManualClock();
  const relayout = vi.fn();
  const renderer = { setFilter: vi.fn(), setPaper: vi.fn() };
  const a = new AppliedSettings(() => now, frames, relayout);
  const set = (s: ReaderSettings) => {
    now = s;
    return a.update(renderer as never);
  };
  return { a, frames, relayout, renderer, set };
}

describe('AppliedSettings', () => {
  it('a new filter goes to the renderer only; a layout setting lays the chapter out again', () => {
    const { relayout, renderer, set } = applied(DEFAULT_READER_SETTINGS);
    const inverted = { ...DEFAULT_READER_SETTINGS, filter: { ...DEFAULT_READER_SETTINGS.filter, invert: true } };
    expect(set(inverted)).toBe(false);
    expect(renderer.setFilter).toHaveBeenCalledWith(inverted.filter);
    expect(relayout).not.toHaveBeenCalled();
    for (const s of [
      { ...inverted, fit: 'width' as const },
      { ...inverted, fit: 'width' as const, spreadOffset: true },
      { ...inverted, fit: 'width' as const, spreadOffset: true, portrait: { maxWidth: 600, padding: 0 } },
    ])
      expect(set(s)).toBe(true);
    expect(relayout).toHaveBeenCalledTimes(3);
    expect(renderer.setFilter).toHaveBeenCalledTimes(1);
  });

  it('e-ink: white paper and gray pages without a new layout; splitting wide pages lays the chapter out again', () => {
    const { a, relayout, renderer, set } = applied(DEFAULT_READER_SETTINGS);
    const eink = { ...DEFAULT_READER_SETTINGS, eink: true };
    expect(set(eink)).toBe(false);
    expect(renderer.setPaper).toHaveBeenLastCalledWith(true);
    expect(renderer.setFilter).toHaveBeenLastCalledWith({ ...DEFAULT_READER_SETTINGS.filter, grayscale: true });
    a.applyTo(renderer as never);
    expect(renderer.setPaper).toHaveBeenLastCalledWith(true);
    expect(set({ ...eink, splitWide: true })).toBe(true);
    expect(relayout).toHaveBeenCalledTimes(1);
    expect(set({ ...DEFAULT_READER_SETTINGS, splitWide: true })).toBe(false);
    expect(renderer.setPaper).toHaveBeenLastCalledWith(false);
    expect(renderer.setFilter).toHaveBeenLastCalledWith(DEFAULT_READER_SETTINGS.filter);
  });

  it('with auto crop on, borders measured in one frame lay the chapter out once, on the next frame; off, never', () => {
    const on = applied({ ...DEFAULT_READER_SETTINGS, autoCrop: true });
    on.a.cropKnown();
    on.a.cropKnown();
    expect(on.relayout).not.toHaveBeenCalled();
    on.frames.frame(16);
    expect(on.relayout).toHaveBeenCalledTimes(1);
    on.a.cropKnown();
    on.a.stop();
    on.frames.frame(16);
    expect(on.relayout).toHaveBeenCalledTimes(1);
    const off = applied(DEFAULT_READER_SETTINGS);
    off.a.cropKnown();
    expect(off.frames.pendingFrames).toBe(0);
  });
});
