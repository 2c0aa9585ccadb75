import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { readerSettingsMachine, type ReaderSettingsEvent, type ReaderSettingsInput } from './readerSettingsMachine';
import { DEFAULT_DISPLAY, DEFAULT_FILTER, DEFAULT_TITLE } from '../core/viewer/readerSettings';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const HORIZONTAL: ReaderSettingsInput = { display: DEFAULT_DISPLAY, title: DEFAULT_TITLE, mode: 'horizontal' };
const VERTICAL: ReaderSettingsInput = { ...HORIZONTAL, mode: 'vertical' };

/** Every setting once, in range and (where there is a range) out of it. */
const CHANGES: ReaderSettingsEvent[] = [
  { type: 'fit.set', fit: 'width' },
  { type: 'fit.set', fit: 'sideways' as never },
  { type: 'firstPageAlone.set', value: false },
  { type: 'spreadOffset.toggle' },
  { type: 'columnWidth.set', orientation: 'portrait', value: 600 },
  { type: 'columnWidth.set', orientation: 'landscape', value: 100 },
  { type: 'columnPadding.set', orientation: 'landscape', value: 40 },
  { type: 'columnPadding.set', orientation: 'portrait', value: -1 },
  { type: 'autoCrop.set', value: true },
  { type: 'autoCrop.set', value: 'yes' as never },
  { type: 'eink.set', value: true },
  { type: 'eink.set', value: 1 as never },
  { type: 'splitWide.set', value: true },
  { type: 'splitWide.set', value: 'on' as never },
  { type: 'brightness.set', value: 120 },
  { type: 'brightness.set', value: 151 },
  { type: 'contrast.set', value: 80 },
  { type: 'contrast.set', value: 80.5 },
  { type: 'grayscale.set', value: true },
  { type: 'sepia.set', value: true },
  { type: 'invert.set', value: true },
  { type: 'filter.reset' },
];
const EVENTS: ReaderSettingsEvent[] = [
  { type: 'mode.changed', mode: 'horizontal' },
  { type: 'mode.changed', mode: 'vertical' },
  ...CHANGES,
];

describe('readerSettingsMachine: the reader settings of the open chapter', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'readerSettings',
      readerSettingsMachine,
      machinePaths(readerSettingsMachine, {
        inputs: [HORIZONTAL, VERTICAL],
        events: EVENTS,
        // The settings are continuous: states apart by value; every change taken once by the sequences.
        serializeState: (s) => JSON.stringify(s.value),
        sequences: () => [CHANGES, [{ type: 'mode.changed', mode: 'vertical' }, ...CHANGES]],
      }),
    );
  });

  it('starts in the chapter’s reading direction and follows it', () => {
    expect(after(readerSettingsMachine, HORIZONTAL, []).value).toBe('horizontal');
    expect(after(readerSettingsMachine, VERTICAL, []).value).toBe('vertical');
    expect(after(readerSettingsMachine, VERTICAL, [{ type: 'mode.changed', mode: 'horizontal' }]).value).toBe('horizontal');
  });

  it('saves each display change as the whole display settings, each title change as the title settings', () => {
    const log = actionLog('saveDisplay', 'saveTitle');
    const a = createActor(readerSettingsMachine.provide({ actions: log.actions }), { input: HORIZONTAL }).start();
    a.send({ type: 'fit.set', fit: 'height' });
    a.send({ type: 'spreadOffset.toggle' });
    a.send({ type: 'brightness.set', value: 70 });
    expect(log.calls).toEqual([
      ['saveDisplay', { ...DEFAULT_DISPLAY, fit: 'height' }],
      ['saveTitle', { spreadOffset: true, filter: DEFAULT_FILTER }],
      ['saveTitle', { spreadOffset: true, filter: { ...DEFAULT_FILTER, brightness: 70 } }],
    ]);
    a.send({ type: 'mode.changed', mode: 'vertical' });
    a.send({ type: 'columnPadding.set', orientation: 'portrait', value: 24 });
    expect(log.calls.at(-1)).toEqual(['saveDisplay', { ...DEFAULT_DISPLAY, fit: 'height', portrait: { maxWidth: 800, padding: 24 } }]);
    expect(a.getSnapshot().context.settings).toMatchObject({ landscape: DEFAULT_DISPLAY.landscape, portrait: { padding: 24 } });
  });

  it('refuses out-of-range values and settings of the other direction, saving nothing', () => {
    const log = actionLog('saveDisplay', 'saveTitle');
    const a = createActor(readerSettingsMachine.provide({ actions: log.actions }), { input: VERTICAL }).start();
    for (const e of [
      { type: 'fit.set', fit: 'width' },
      { type: 'spreadOffset.toggle' },
      { type: 'firstPageAlone.set', value: false },
      { type: 'columnWidth.set', orientation: 'portrait', value: 319 },
      { type: 'columnWidth.set', orientation: 'portrait', value: 2001 },
      { type: 'columnWidth.set', orientation: 'portrait', value: Number.NaN },
      { type: 'columnPadding.set', orientation: 'landscape', value: 401 },
      { type: 'brightness.set', value: 49 },
      { type: 'contrast.set', value: 151 },
      { type: 'splitWide.set', value: true },
    ] satisfies ReaderSettingsEvent[])
      a.send(e);
    expect(log.calls).toEqual([]);
    expect(a.getSnapshot().context.settings).toEqual({ ...DEFAULT_DISPLAY, ...DEFAULT_TITLE });
    a.send({ type: 'columnWidth.set', orientation: 'portrait', value: 2000 });
    a.send({ type: 'columnPadding.set', orientation: 'landscape', value: 400 });
    expect(log.names()).toEqual(['saveDisplay', 'saveDisplay']);
  });

  it('e-ink in both directions, wide pages split in horizontal reading: each saved with the display settings', () => {
    const log = actionLog('saveDisplay', 'saveTitle');
    const a = createActor(readerSettingsMachine.provide({ actions: log.actions }), { input: VERTICAL }).start();
    a.send({ type: 'eink.set', value: true });
    expect(log.calls).toEqual([['saveDisplay', { ...DEFAULT_DISPLAY, eink: true }]]);
    a.send({ type: 'mode.changed', mode: 'horizontal' });
    a.send({ type: 'splitWide.set', value: true });
    a.send({ type: 'eink.set', value: false });
    expect(log.calls.slice(1)).toEqual([
      ['saveDisplay', { ...DEFAULT_DISPLAY, eink: true, splitWide: true }],
      ['saveDisplay', { ...DEFAULT_DISPLAY, splitWide: true }],
    ]);
  });

  it('reset puts the colour filter back, keeping the spread offset', () => {
    const s = after(readerSettingsMachine, HORIZONTAL, [
      { type: 'spreadOffset.toggle' },
      { type: 'invert.set', value: true },
      { type: 'sepia.set', value: true },
      { type: 'grayscale.set', value: true },
      { type: 'contrast.set', value: 150 },
      { type: 'filter.reset' },
    ]);
    expect(s.context.settings).toMatchObject({ spreadOffset: true, filter: DEFAULT_FILTER });
  });
});
