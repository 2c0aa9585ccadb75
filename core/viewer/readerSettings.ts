/**
 * The reader's display settings (the viewer's settings modal): how pages fit
 * the window, how spreads pair, automatic border crop, colour filters. Two
 * parts: display settings, one set per visitor, and title settings (spread
 * offset, colour filter), remembered per title. Plain data with defaults and
 * sanitising parsers (stored values may come from an older build or be
 * tampered with); the readerSettings machine holds them, the layout and the
 * renderer apply them.
 */

/** Horizontal mode: how a spread is scaled into the window. */
export type HorizontalFit = 'screen' | 'width' | 'height' | 'original';
export const HORIZONTAL_FITS: readonly HorizontalFit[] = ['screen', 'width', 'height', 'original'];

/** Vertical mode: the column of pages (CSS px). */
export interface ColumnFit {
  /** Widest a manga page is drawn. */
  maxWidth: number;
  /** Space kept clear on each side of the column. */
  padding: number;
}

/** Colour filter drawn on the GPU over the pages (not banners or the end page). */
export interface ColorFilter {
  /** Percent, 100 = unchanged. */
  brightness: number;
  /** Percent, 100 = unchanged. */
  contrast: number;
  grayscale: boolean;
  sepia: boolean;
  invert: boolean;
}

/** One set per visitor. */
export interface DisplaySettings {
  fit: HorizontalFit;
  /** Vertical column in a portrait window (taller than wide). */
  portrait: ColumnFit;
  /** Vertical column in a landscape window. */
  landscape: ColumnFit;
  /** The chapter's first page stands alone (a cover), the rest pair from the second. */
  firstPageAlone: boolean;
  /** Cut uniform white or black borders off the pages. */
  autoCrop: boolean;
  /**
   * E-ink screens: no animation, a brief black flash on each turn (clears ghosting), pure black on white around
   * the pages, larger tap zones.
   */
  eink: boolean;
  /** Horizontal reading one page at a time: a wide (DOUBLE) page shown as its two halves in reading order. */
  splitWide: boolean;
}

/** Remembered per title. */
export interface TitleSettings {
  /** Shift pairing by one page (fixes spreads that pair the wrong pages). */
  spreadOffset: boolean;
  filter: ColorFilter;
}

export interface ReaderSettings extends DisplaySettings, TitleSettings {}

export const COLUMN_LIMITS = { minWidth: 320, maxWidth: 2000, maxPadding: 400 } as const;
export const FILTER_LIMITS = { min: 50, max: 150 } as const;

export const DEFAULT_FILTER: ColorFilter = { brightness: 100, contrast: 100, grayscale: false, sepia: false, invert: false };

export const DEFAULT_DISPLAY: DisplaySettings = {
  fit: 'screen',
  portrait: { maxWidth: 800, padding: 0 },
  landscape: { maxWidth: 800, padding: 0 },
  firstPageAlone: true,
  autoCrop: false,
  eink: false,
  splitWide: false,
};

export const DEFAULT_TITLE: TitleSettings = { spreadOffset: false, filter: DEFAULT_FILTER };

export const DEFAULT_READER_SETTINGS: ReaderSettings = { ...DEFAULT_DISPLAY, ...DEFAULT_TITLE };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function num(v: unknown, fallback: number, lo: number, hi: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.round(clamp(v, lo, hi)) : fallback;
}

function bool(v: unknown, fallback: boolean): boolean {
  return typeof v === 'boolean' ? v : fallback;
}

function obj(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

function columnOf(raw: unknown, d: ColumnFit): ColumnFit {
  const o = obj(raw);
  return {
    maxWidth: num(o.maxWidth, d.maxWidth, COLUMN_LIMITS.minWidth, COLUMN_LIMITS.maxWidth),
    padding: num(o.padding, d.padding, 0, COLUMN_LIMITS.maxPadding),
  };
}

/** Display settings from a stored value: unknown or out-of-range fields take their defaults or limits. */
export function parseDisplaySettings(raw: unknown): DisplaySettings {
  const o = obj(raw);
  const d = DEFAULT_DISPLAY;
  return {
    fit: HORIZONTAL_FITS.includes(o.fit as HorizontalFit) ? (o.fit as HorizontalFit) : d.fit,
    portrait: columnOf(o.portrait, d.portrait),
    landscape: columnOf(o.landscape, d.landscape),
    firstPageAlone: bool(o.firstPageAlone, d.firstPageAlone),
    autoCrop: bool(o.autoCrop, d.autoCrop),
    eink: bool(o.eink, d.eink),
    splitWide: bool(o.splitWide, d.splitWide),
  };
}

function parseColorFilter(raw: unknown): ColorFilter {
  const o = obj(raw);
  const d = DEFAULT_FILTER;
  const { min, max } = FILTER_LIMITS;
  return {
    brightness: num(o.brightness, d.brightness, min, max),
    contrast: num(o.contrast, d.contrast, min, max),
    grayscale: bool(o.grayscale, d.grayscale),
    sepia: bool(o.sepia, d.sepia),
    invert: bool(o.invert, d.invert),
  };
}

/** Title settings from a stored value. */
export function parseTitleSettings(raw: unknown): TitleSettings {
  const o = obj(raw);
  return { spreadOffset: bool(o.spreadOffset, DEFAULT_TITLE.spreadOffset), filter: parseColorFilter(o.filter) };
}

/** The column for a window of this size. */
export function columnFor(s: DisplaySettings, viewport: { width: number; height: number }): ColumnFit {
  return viewport.width < viewport.height ? s.portrait : s.landscape;
}

export function isIdentityFilter(f: ColorFilter): boolean {
  return f.brightness === 100 && f.contrast === 100 && !f.grayscale && !f.sepia && !f.invert;
}
