/**
 * The session's layout of a chapter: its items for the window, laid out in the reading direction
 * with what the reader settings (core/viewer/readerSettings.ts) ask: fit, the vertical column for
 * the window's orientation, spread offset, first page alone, and the measured page borders when
 * auto crop is on. And the settings applied (AppliedSettings): a change of settings lays the
 * chapter out again when the layout depends on it (the colour filter never does: the renderer
 * applies it).
 */
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import type { ImageCrop } from '../../../core/viewer/crop';
import { toItems, type ViewerItem } from '../../../core/viewer/items';
import { buildLayout, type Layout, type LayoutOptions, type Mode } from '../../../core/viewer/layout';
import { columnFor, type ReaderSettings } from '../../../core/viewer/readerSettings';
import type { Clock, TimerId } from './clock';
import type { StageRenderer } from './environment';

type SettingsOptions = Pick<LayoutOptions, 'fit' | 'column' | 'spreadOffset' | 'singleSpread' | 'crops' | 'splitWide'>;

function settingsLayoutOptions(
  s: ReaderSettings,
  viewport: { width: number; height: number },
  cropOf: (item: number) => ImageCrop | undefined,
): SettingsOptions {
  return {
    fit: s.fit,
    column: columnFor(s, viewport),
    spreadOffset: s.spreadOffset,
    singleSpread: s.firstPageAlone,
    splitWide: s.splitWide,
    ...(s.autoCrop ? { crops: cropOf } : {}),
  };
}

/** The chapter's items and their layout (none before the stage has a size). */
export function layoutChapter(
  viewer: MangaViewer,
  mode: Mode,
  viewport: { width: number; height: number },
  settings: ReaderSettings,
  cropOf: (item: number) => ImageCrop | undefined,
): { items: ViewerItem[]; layout: Layout | null } {
  const items = toItems(viewer.pages, viewport.width < 768);
  const options: LayoutOptions = {
    mode,
    rtl: viewer.startFromRight,
    viewport,
    verticalOnly: viewer.isVerticalOnly,
    ...settingsLayoutOptions(settings, viewport, cropOf),
  };
  return { items, layout: viewport.width > 0 ? buildLayout(items, options) : null };
}

/** The filter drawn over the pages: e-ink screens show no colour, so pages go gray there (black on white). */
function shownFilter(s: ReaderSettings): ReaderSettings['filter'] {
  return s.eink ? { ...s.filter, grayscale: true } : s.filter;
}

/** Whether the layout depends on a setting that differs between `a` and `b`. */
function layoutSettingsChanged(a: ReaderSettings, b: ReaderSettings): boolean {
  const column = (x: ReaderSettings) => [x.portrait.maxWidth, x.portrait.padding, x.landscape.maxWidth, x.landscape.padding].join();
  return (
    a.fit !== b.fit ||
    a.spreadOffset !== b.spreadOffset ||
    a.firstPageAlone !== b.firstPageAlone ||
    a.autoCrop !== b.autoCrop ||
    a.splitWide !== b.splitWide ||
    column(a) !== column(b)
  );
}

/**
 * The reader settings a session's layout and renderer have, kept up with the settings machine: a
 * new filter goes to the renderer, a layout setting that changed lays the chapter out again, and
 * with auto crop on, page borders that become known lay it out again once on the next frame
 * (however many pages were measured in between).
 */
export class AppliedSettings {
  current: ReaderSettings;
  private frame: TimerId | undefined;

  constructor(
    private readonly read: () => ReaderSettings,
    private readonly frames: Clock,
    private readonly relayout: () => void,
  ) {
    this.current = read();
  }

  /** The renderer's look from these settings: the colour filter (grayscale on e-ink) and e-ink's white paper. */
  applyTo(renderer: StageRenderer): void {
    renderer.setFilter(shownFilter(this.current));
    renderer.setPaper?.(this.current.eink);
  }

  /** The machine's settings changed; true when the chapter was laid out again. */
  update(renderer: StageRenderer | null): boolean {
    const [was, s] = [this.current, this.read()];
    this.current = s;
    if (s.filter !== was.filter || s.eink !== was.eink) renderer?.setFilter(shownFilter(s));
    if (s.eink !== was.eink) renderer?.setPaper?.(s.eink);
    if (!layoutSettingsChanged(was, s)) return false;
    this.relayout();
    return true;
  }

  /** A page's border became known. */
  cropKnown(): void {
    if (!this.current.autoCrop || this.frame !== undefined) return;
    this.frame = this.frames.requestFrame(() => {
      this.frame = undefined;
      this.relayout();
    });
  }

  stop(): void {
    if (this.frame !== undefined) this.frames.cancelFrame(this.frame);
    this.frame = undefined;
  }
}
