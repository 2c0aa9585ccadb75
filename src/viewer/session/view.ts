/** The session's state as its components render it, read off its actors. */
import type { SnapshotFrom } from 'xstate';
import type { ViewerMenu } from '../../../machines/viewerMenusMachine';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import type { ViewerItem } from '../../../core/viewer/items';
import type { Layout } from '../../../core/viewer/layout';
import type { ReaderSettings } from '../../../core/viewer/readerSettings';
import { modeOf, type ViewerMode } from '../../../core/viewer/viewerMode';
import type { PageStore } from '../pageStore';
import type { ControlActors } from './controls';
import type { ViewerActors } from './viewerActors';

/** The menu open (one at a time: the menus machine). */
export type OpenMenu = ViewerMenu;

/** What the viewer's components render; a new object whenever one of these changes. */
export interface ViewerView {
  viewer: MangaViewer;
  mode: ViewerMode;
  rtl: boolean;
  index: number;
  count: number;
  navVisible: boolean;
  menu: OpenMenu | null;
  toast: boolean;
  /** The reader settings (the settings modal shows them). */
  settings: ReaderSettings;
  layout: Layout | null;
  items: ViewerItem[];
  store: PageStore | null;
  /** Grows when a page's loading state changes (progress, decoded, failed). */
  pages: number;
  /** The key help overlay is open. */
  help: boolean;
  /** The controls' machines as the settings modal, the help and the tap-zone preview show them. */
  keyRemap: SnapshotFrom<ControlActors['keys']>;
  taps: SnapshotFrom<ControlActors['taps']>;
  motion: SnapshotFrom<ControlActors['motion']>;
}

export function viewOf(
  a: ViewerActors,
  c: ControlActors,
  s: { viewer: MangaViewer; layout: Layout | null; items: ViewerItem[]; store: PageStore | null; pages: number; help: boolean },
): ViewerView {
  const menus = a.menus.getSnapshot();
  const modeState = a.mode.getSnapshot();
  const menu = menus.matches('closed') ? null : (menus.value as OpenMenu);
  return {
    ...s,
    mode: modeOf(modeState.value),
    rtl: s.viewer.startFromRight,
    index: a.paging.getSnapshot().context.pos.index,
    count: s.layout?.spreads.length ?? 0,
    navVisible: !a.nav.getSnapshot().matches('hidden') || menu !== null,
    menu,
    toast: modeState.context.toast,
    settings: a.settings.getSnapshot().context.settings,
    keyRemap: c.keys.getSnapshot(),
    taps: c.taps.getSnapshot(),
    motion: c.motion.getSnapshot(),
  };
}

/** Same fields, same values: nothing to render again. */
export function sameView(a: ViewerView, b: ViewerView): boolean {
  return (Object.keys(a) as Array<keyof ViewerView>).every((k) => a[k] === b[k]);
}
