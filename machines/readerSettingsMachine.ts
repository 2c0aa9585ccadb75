import { assign, setup } from 'xstate';
import type { Mode } from '../core/viewer/layout';
import {
  COLUMN_LIMITS,
  DEFAULT_FILTER,
  FILTER_LIMITS,
  HORIZONTAL_FITS,
  type ColorFilter,
  type DisplaySettings,
  type HorizontalFit,
  type ReaderSettings,
  type TitleSettings,
} from '../core/viewer/readerSettings';

/**
 * The reader settings of the open chapter (the viewer's settings modal and
 * the spread-offset key): display settings, one set per visitor, and the
 * title's settings (spread offset, colour filter). It follows the reading
 * direction: fit, first page alone and spread offset apply to horizontal
 * reading and are taken there only (so is splitting wide pages); the vertical
 * column (maximum width and side padding, portrait and landscape windows
 * apart) in vertical reading; auto crop, e-ink and the colour filter in both. Out-of-range values (limits in
 * core/viewer/readerSettings.ts) and values of the wrong kind are refused. Each accepted change is saved
 * through an injected action (`saveDisplay`, `saveTitle`); the session lays
 * the chapter out again or sets the renderer's filter from the new context.
 */
export type Orientation = 'portrait' | 'landscape';

export type ReaderSettingsEvent =
  | { type: 'mode.changed'; mode: Mode }
  | { type: 'fit.set'; fit: HorizontalFit }
  | { type: 'firstPageAlone.set'; value: boolean }
  | { type: 'spreadOffset.toggle' }
  | { type: 'columnWidth.set'; orientation: Orientation; value: number }
  | { type: 'columnPadding.set'; orientation: Orientation; value: number }
  | { type: 'autoCrop.set'; value: boolean }
  | { type: 'eink.set'; value: boolean }
  | { type: 'splitWide.set'; value: boolean }
  | { type: 'brightness.set'; value: number }
  | { type: 'contrast.set'; value: number }
  | { type: 'grayscale.set'; value: boolean }
  | { type: 'sepia.set'; value: boolean }
  | { type: 'invert.set'; value: boolean }
  | { type: 'filter.reset' };

export interface ReaderSettingsInput {
  display: DisplaySettings;
  title: TitleSettings;
  mode: Mode;
}

interface Ctx {
  settings: ReaderSettings;
  mode: Mode;
}

type Ev<T extends ReaderSettingsEvent['type']> = Extract<ReaderSettingsEvent, { type: T }>;

const displayOf = ({ fit, portrait, landscape, firstPageAlone, autoCrop, eink, splitWide }: ReaderSettings): DisplaySettings => ({
  fit,
  portrait,
  landscape,
  firstPageAlone,
  autoCrop,
  eink,
  splitWide,
});
const titleOf = ({ spreadOffset, filter }: ReaderSettings): TitleSettings => ({ spreadOffset, filter });

const isInt = (v: number, lo: number, hi: number) => Number.isInteger(v) && v >= lo && v <= hi;

/** The context with these settings changed. */
const change = (c: Ctx, patch: Partial<ReaderSettings>): Partial<Ctx> => ({ settings: { ...c.settings, ...patch } });
const filterChange = (c: Ctx, patch: Partial<ColorFilter>): Partial<Ctx> => change(c, { filter: { ...c.settings.filter, ...patch } });

const saveDisplay = { type: 'saveDisplay', params: ({ context }: { context: Ctx }) => displayOf(context.settings) } as const;
const saveTitle = { type: 'saveTitle', params: ({ context }: { context: Ctx }) => titleOf(context.settings) } as const;

export const readerSettingsMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as ReaderSettingsEvent,
    input: {} as ReaderSettingsInput,
  },
  actions: {
    saveDisplay: (_, _p: DisplaySettings) => {},
    saveTitle: (_, _p: TitleSettings) => {},
    setMode: assign(({ event }) => ({ mode: (event as Ev<'mode.changed'>).mode })),
    setFit: assign(({ context, event }) => change(context, { fit: (event as Ev<'fit.set'>).fit })),
    setFirstPageAlone: assign(({ context, event }) => change(context, { firstPageAlone: (event as Ev<'firstPageAlone.set'>).value })),
    toggleSpreadOffset: assign(({ context }) => change(context, { spreadOffset: !context.settings.spreadOffset })),
    setColumnWidth: assign(({ context, event }) => {
      const e = event as Ev<'columnWidth.set'>;
      return change(context, { [e.orientation]: { ...context.settings[e.orientation], maxWidth: e.value } });
    }),
    setColumnPadding: assign(({ context, event }) => {
      const e = event as Ev<'columnPadding.set'>;
      return change(context, { [e.orientation]: { ...context.settings[e.orientation], padding: e.value } });
    }),
    setAutoCrop: assign(({ context, event }) => change(context, { autoCrop: (event as Ev<'autoCrop.set'>).value })),
    setEink: assign(({ context, event }) => change(context, { eink: (event as Ev<'eink.set'>).value })),
    setSplitWide: assign(({ context, event }) => change(context, { splitWide: (event as Ev<'splitWide.set'>).value })),
    setBrightness: assign(({ context, event }) => filterChange(context, { brightness: (event as Ev<'brightness.set'>).value })),
    setContrast: assign(({ context, event }) => filterChange(context, { contrast: (event as Ev<'contrast.set'>).value })),
    setGrayscale: assign(({ context, event }) => filterChange(context, { grayscale: (event as Ev<'grayscale.set'>).value })),
    setSepia: assign(({ context, event }) => filterChange(context, { sepia: (event as Ev<'sepia.set'>).value })),
    setInvert: assign(({ context, event }) => filterChange(context, { invert: (event as Ev<'invert.set'>).value })),
    resetFilter: assign(({ context }) => change(context, { filter: DEFAULT_FILTER })),
  },
  guards: {
    horizontalInput: ({ context }) => context.mode === 'horizontal',
    toHorizontal: ({ event }) => event.type === 'mode.changed' && event.mode === 'horizontal',
    toVertical: ({ event }) => event.type === 'mode.changed' && event.mode === 'vertical',
    knownFit: ({ event }) => event.type === 'fit.set' && HORIZONTAL_FITS.includes(event.fit),
    columnWidthInRange: ({ event }) =>
      event.type === 'columnWidth.set' && isInt(event.value, COLUMN_LIMITS.minWidth, COLUMN_LIMITS.maxWidth),
    columnPaddingInRange: ({ event }) => event.type === 'columnPadding.set' && isInt(event.value, 0, COLUMN_LIMITS.maxPadding),
    isBoolean: ({ event }) => typeof (event as { value?: unknown }).value === 'boolean',
    percentInRange: ({ event }) =>
      (event.type === 'brightness.set' || event.type === 'contrast.set') && isInt(event.value, FILTER_LIMITS.min, FILTER_LIMITS.max),
  },
}).createMachine({
  id: 'readerSettings',
  context: ({ input }) => ({ settings: { ...input.display, ...input.title }, mode: input.mode }),
  initial: 'starting',
  on: {
    'mode.changed': [
      { guard: 'toHorizontal', target: '.horizontal', actions: 'setMode' },
      { guard: 'toVertical', target: '.vertical', actions: 'setMode' },
    ],
    'autoCrop.set': { guard: 'isBoolean', actions: ['setAutoCrop', saveDisplay] },
    'eink.set': { guard: 'isBoolean', actions: ['setEink', saveDisplay] },
    'brightness.set': { guard: 'percentInRange', actions: ['setBrightness', saveTitle] },
    'contrast.set': { guard: 'percentInRange', actions: ['setContrast', saveTitle] },
    'grayscale.set': { guard: 'isBoolean', actions: ['setGrayscale', saveTitle] },
    'sepia.set': { guard: 'isBoolean', actions: ['setSepia', saveTitle] },
    'invert.set': { guard: 'isBoolean', actions: ['setInvert', saveTitle] },
    'filter.reset': { actions: ['resetFilter', saveTitle] },
  },
  states: {
    starting: {
      always: [{ guard: 'horizontalInput', target: 'horizontal' }, { target: 'vertical' }],
    },
    /** Horizontal reading: fit, first page alone, spread offset, wide pages split. */
    horizontal: {
      on: {
        'fit.set': { guard: 'knownFit', actions: ['setFit', saveDisplay] },
        'firstPageAlone.set': { guard: 'isBoolean', actions: ['setFirstPageAlone', saveDisplay] },
        'spreadOffset.toggle': { actions: ['toggleSpreadOffset', saveTitle] },
        'splitWide.set': { guard: 'isBoolean', actions: ['setSplitWide', saveDisplay] },
      },
    },
    /** Vertical reading: the column's width and padding. */
    vertical: {
      on: {
        'columnWidth.set': { guard: 'columnWidthInRange', actions: ['setColumnWidth', saveDisplay] },
        'columnPadding.set': { guard: 'columnPaddingInRange', actions: ['setColumnPadding', saveDisplay] },
      },
    },
  },
});
