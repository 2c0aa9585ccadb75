import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useMachine } from '@xstate/react';
import { create } from '@bufbuild/protobuf';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { readerSettingsMachine, type ReaderSettingsEvent, type ReaderSettingsInput } from '../../machines/readerSettingsMachine';
import { MangaViewerSchema } from '../../core/gen/manga/v1/viewer_pb';
import {
  DEFAULT_DISPLAY,
  DEFAULT_FILTER,
  DEFAULT_TITLE,
  isIdentityFilter,
  type HorizontalFit,
  type ReaderSettings,
} from '../../core/viewer/readerSettings';
import { ViewerMenus } from '../../src/screens/viewer/ViewerMenus';
import { saveDisplaySettings, saveTitleSettings, storedDisplaySettings, storedTitleSettings } from '../../src/lib/storage';
import { inspect } from '../../web/inspector';
import { loadTestMessages } from './shellHelpers';
import { runUiModel } from './uiModel';

/**
 * The reader settings in the viewer's real settings modal (ViewerMenus, ReaderSettingsFields),
 * driven through the readerSettings machine's paths: each event is what the reader does in the
 * modal (a radio, a checkbox, a slider, the reset button, the reading direction), and each state
 * is checked as the reader sees it (which controls the direction shows, their values) and as it is
 * stored (display settings once, the title's settings under its id).
 */
const TITLE = 42;
const viewer = create(MangaViewerSchema, { chapterId: 7, titleId: TITLE, titleName: 'T', chapterName: 'C' });

/** The modal on a real settings actor whose saves go to the real storage. */
function Harness() {
  const [state, send] = useMachine(
    readerSettingsMachine.provide({
      actions: {
        saveDisplay: (_, d) => saveDisplaySettings(d),
        saveTitle: (_, t) => saveTitleSettings(TITLE, t),
      },
    }),
    { input: { display: storedDisplaySettings(), title: storedTitleSettings(TITLE), mode: storedMode }, inspect },
  );
  return (
    <Router hook={memoryLocation({ path: `/viewer/7` }).hook}>
      <ViewerMenus
        viewer={viewer}
        open="settings"
        onClose={() => {}}
        mode={state.context.mode}
        onMode={(mode) => send({ type: 'mode.changed', mode })}
        resolution="high"
        onResolution={() => {}}
        settings={state.context.settings}
        onSetting={send}
      />
    </Router>
  );
}
let storedMode: ReaderSettingsInput['mode'] = 'horizontal';

const FIT: Record<HorizontalFit, string> = { screen: 'Fit to screen', width: 'Fit width', height: 'Fit height', original: 'Original size' };
const dialog = () => within(screen.getByRole('dialog'));
const box = (name: string | RegExp) => dialog().getByRole('checkbox', { name });
const slider = (name: string, group?: string) => (group ? within(screen.getByTestId(group)) : dialog()).getByRole('slider', { name });
const setTo = (el: HTMLElement, checked: boolean) => {
  if ((el as HTMLInputElement).checked !== checked) fireEvent.click(el);
};

const HORIZONTAL: ReaderSettingsInput = { display: DEFAULT_DISPLAY, title: DEFAULT_TITLE, mode: 'horizontal' };
/** A visitor with settings stored, reading vertically. */
const STORED: ReaderSettingsInput = {
  display: { ...DEFAULT_DISPLAY, fit: 'height', autoCrop: true, firstPageAlone: false, landscape: { maxWidth: 1000, padding: 20 } },
  title: { spreadOffset: true, filter: { ...DEFAULT_FILTER, sepia: true, brightness: 80 } },
  mode: 'vertical',
};

const COLUMNS: ReaderSettingsEvent[] = [
  { type: 'columnWidth.set', orientation: 'portrait', value: 600 },
  { type: 'columnPadding.set', orientation: 'portrait', value: 40 },
  { type: 'columnWidth.set', orientation: 'landscape', value: 1200 },
  { type: 'columnPadding.set', orientation: 'landscape', value: 100 },
];
const COLOURS: ReaderSettingsEvent[] = [
  { type: 'brightness.set', value: 120 },
  { type: 'contrast.set', value: 80 },
  { type: 'grayscale.set', value: true },
  { type: 'sepia.set', value: true },
  { type: 'invert.set', value: true },
  { type: 'filter.reset' },
];

describe('reader settings in the viewer’s settings modal', () => {
  beforeEach(() => loadTestMessages());

  it('every state and transition, as the reader sees and stores them', async () => {
    await runUiModel(
      readerSettingsMachine,
      {
        name: 'readerSettings',
        inputs: [HORIZONTAL, STORED],
        events: [
          { type: 'mode.changed', mode: 'horizontal' },
          { type: 'mode.changed', mode: 'vertical' },
        ],
        // The graph also tries each event without its payload (refused by the guards): the modal cannot send those.
        skipStep: (_from, e) =>
          e.type !== 'mode.changed' && e.type !== 'spreadOffset.toggle' && e.type !== 'filter.reset' && Object.keys(e).length === 1,
        sequences: (input) =>
          input === HORIZONTAL
            ? [
                [
                  { type: 'fit.set', fit: 'width' },
                  { type: 'fit.set', fit: 'original' },
                  { type: 'firstPageAlone.set', value: false },
                  { type: 'spreadOffset.toggle' },
                  { type: 'autoCrop.set', value: true },
                  { type: 'splitWide.set', value: true },
                  { type: 'eink.set', value: true },
                  ...COLOURS,
                  { type: 'mode.changed', mode: 'vertical' },
                  ...COLUMNS,
                  { type: 'mode.changed', mode: 'horizontal' },
                  { type: 'spreadOffset.toggle' },
                ],
              ]
            : [
                [
                  ...COLUMNS,
                  { type: 'autoCrop.set', value: false },
                  { type: 'eink.set', value: true },
                  { type: 'filter.reset' },
                  { type: 'mode.changed', mode: 'horizontal' },
                  { type: 'splitWide.set', value: true },
                  { type: 'eink.set', value: false },
                  { type: 'fit.set', fit: 'screen' },
                  { type: 'firstPageAlone.set', value: true },
                  { type: 'spreadOffset.toggle' },
                ],
              ],
      },
      (input) => {
        const i = input as ReaderSettingsInput;
        return {
          render: () => {
            localStorage.clear();
            if (i === STORED) {
              saveDisplaySettings(i.display);
              saveTitleSettings(TITLE, i.title);
            }
            storedMode = i.mode;
            render(<Harness />);
          },
          events: {
            'mode.changed': (e) =>
              fireEvent.click(dialog().getByRole('radio', { name: e.mode === 'vertical' ? 'Vertical' : 'Horizontal' })),
            'fit.set': (e) => fireEvent.click(dialog().getByRole('radio', { name: FIT[e.fit as HorizontalFit] })),
            'firstPageAlone.set': (e) => setTo(box('First page alone (cover)'), e.value as boolean),
            'spreadOffset.toggle': () => fireEvent.click(box(/Shift spreads by one page/)),
            'autoCrop.set': (e) => setTo(box('Crop white and black borders'), e.value as boolean),
            'splitWide.set': (e) => setTo(box(/Split wide pages/), e.value as boolean),
            'eink.set': (e) => setTo(box(/E-ink mode/), e.value as boolean),
            'columnWidth.set': (e) =>
              fireEvent.change(slider('Largest page width', `viewer-column-${e.orientation as string}`), {
                target: { value: String(e.value) },
              }),
            'columnPadding.set': (e) =>
              fireEvent.change(slider('Side margins', `viewer-column-${e.orientation as string}`), { target: { value: String(e.value) } }),
            'brightness.set': (e) => fireEvent.change(slider('Brightness'), { target: { value: String(e.value) } }),
            'contrast.set': (e) => fireEvent.change(slider('Contrast'), { target: { value: String(e.value) } }),
            'grayscale.set': (e) => setTo(box('Grayscale'), e.value as boolean),
            'sepia.set': (e) => setTo(box('Sepia'), e.value as boolean),
            'invert.set': (e) => setTo(box('Invert colours'), e.value as boolean),
            'filter.reset': () => fireEvent.click(dialog().getByRole('button', { name: 'Reset colours' })),
          },
          check: (state) => {
            const v = String(state.value);
            const s = (state.context as { settings: ReaderSettings }).settings;
            const d = dialog();
            expect(d.getByRole<HTMLInputElement>('radio', { name: v === 'vertical' ? 'Vertical' : 'Horizontal' }).checked).toBe(true);
            // Fit, first page alone and spread offset in horizontal reading; the column in vertical.
            expect(d.queryAllByRole('radio', { name: FIT.screen })).toHaveLength(v === 'horizontal' ? 1 : 0);
            expect(screen.queryAllByTestId(/viewer-column-/)).toHaveLength(v === 'vertical' ? 2 : 0);
            if (v === 'horizontal') {
              expect(d.getByRole<HTMLInputElement>('radio', { name: FIT[s.fit] }).checked).toBe(true);
              expect((box('First page alone (cover)') as HTMLInputElement).checked).toBe(s.firstPageAlone);
              expect((box(/Shift spreads by one page/) as HTMLInputElement).checked).toBe(s.spreadOffset);
              expect((box(/Split wide pages/) as HTMLInputElement).checked).toBe(s.splitWide);
            } else {
              for (const o of ['portrait', 'landscape'] as const) {
                const group = `viewer-column-${o}`;
                expect(slider('Largest page width', group).getAttribute('aria-valuetext')).toBe(`${s[o].maxWidth.toLocaleString('en')} px`);
                expect((slider('Side margins', group) as HTMLInputElement).value).toBe(String(s[o].padding));
              }
            }
            expect((box('Crop white and black borders') as HTMLInputElement).checked).toBe(s.autoCrop);
            expect((box(/E-ink mode/) as HTMLInputElement).checked).toBe(s.eink);
            expect(slider('Brightness').getAttribute('aria-valuetext')).toBe(`${s.filter.brightness}%`);
            expect((slider('Contrast') as HTMLInputElement).value).toBe(String(s.filter.contrast));
            expect((box('Grayscale') as HTMLInputElement).checked).toBe(s.filter.grayscale);
            expect((box('Sepia') as HTMLInputElement).checked).toBe(s.filter.sepia);
            expect((box('Invert colours') as HTMLInputElement).checked).toBe(s.filter.invert);
            expect(d.getByRole<HTMLButtonElement>('button', { name: 'Reset colours' }).disabled).toBe(isIdentityFilter(s.filter));
            // Stored as shown: display settings once, the title's under its id.
            const { spreadOffset, filter, ...display } = s;
            expect(storedDisplaySettings()).toEqual(display);
            expect(storedTitleSettings(TITLE)).toEqual({ spreadOffset, filter });
          },
        };
      },
    );
  });
});
