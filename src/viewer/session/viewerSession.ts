/**
 * One chapter open in the viewer, as a plain object: its machines (paging, reading direction,
 * navigation bar, menus, reader settings), page store, decode pool, renderer, layout, resume
 * position, next-chapter prefetch, the hand-over from the first pages drawn before the app loaded,
 * keyboard and pointer input through the reader's controls (controls.ts). A change of reader settings
 * lays the chapter out again on the same item (settingsLayout.ts) or sets the renderer's colour filter.
 * Everything impure comes from its environment (environment.ts). React renders its view
 * (`subscribe` / `getSnapshot`, view.ts) and forwards input to it.
 */
import type { PagingEvent } from '../../../machines/pagingMachine';
import type { ReaderSettingsEvent } from '../../../machines/readerSettingsMachine';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import type { ImgQuality } from '../../../core/viewer/imageQuality';
import { cameraFor } from '../../../core/viewer/camera';
import type { ViewerItem } from '../../../core/viewer/items';
import { visiblePlacements, type Layout } from '../../../core/viewer/layout';
import { modeOf, type ViewerMode } from '../../../core/viewer/viewerMode';
import { PageStore } from '../pageStore';
import type { GestureTarget } from '../useViewerGestures';
import { flagsOf, geometryOf, nextChapterOf, pageSources } from './chapterLayout';
import type { Clock, TimerId } from './clock';
import type { StageElements, StageRenderer, ViewerEnvironment } from './environment';
import { drawnSize } from './drawnSize';
import { watchHandOver } from './handOver';
import { SessionControls } from './controls';
import { dispatchKey, keyOutcome, type KeyInput } from './keys';
import { sameView, viewOf, type OpenMenu, type ViewerView } from './view';
import { AppliedSettings, layoutChapter } from './settingsLayout';
import { createViewerActors, type ViewerActors } from './viewerActors';

export class ViewerSession implements GestureTarget {
  readonly actors: ViewerActors;
  readonly controls: SessionControls;
  readonly clock: Clock;
  private readonly stopTimers: () => void;
  private viewer: MangaViewer;
  private quality: ImgQuality;
  private viewport = { width: 0, height: 0 };
  private items: ViewerItem[] = [];
  private layoutNow: Layout | null = null;
  private rendererNow: StageRenderer | null = null;
  private rendererReady = false;
  private storeNow: PageStore | null = null;
  private resume: number;
  private lastEvent = '';
  /** The layout and spread last shown (a new one saves the resume position). */
  private seen: { layout: Layout | null; index: number } = { layout: null, index: -1 };
  private pages = 0;
  private redraw: TimerId | undefined;
  private readonly cleanups: Array<() => void> = [];
  private readonly listeners = new Set<() => void>();
  private view: ViewerView;
  private disposed = false;
  private stopHandOver = () => {};
  private readonly settings: AppliedSettings;

  constructor(
    viewer: MangaViewer,
    quality: ImgQuality,
    private readonly env: ViewerEnvironment,
  ) {
    this.viewer = viewer;
    this.quality = quality;
    this.resume = env.storage.storedResumePosition(viewer.chapterId);
    this.clock = env.clocks.gestures;
    const { stopTimers, ...actors } = createViewerActors(env, { ...flagsOf(viewer), titleId: viewer.titleId });
    this.actors = actors;
    this.stopTimers = stopTimers;
    this.controls = new SessionControls(env, () => this.emit());
    const read = () => actors.settings.getSnapshot().context.settings;
    this.settings = new AppliedSettings(read, env.clocks.frames, () => this.relayout());
    this.view = this.computeView();
    const subs = [
      actors.nav.subscribe(() => this.emit()),
      actors.menus.subscribe(() => this.emit()),
      actors.mode.subscribe(() => this.onMode()),
      actors.paging.subscribe(() => this.onPaging()),
      actors.settings.subscribe(() => this.onSettings()),
    ];
    this.cleanups.push(() => subs.forEach((x) => x.unsubscribe()));
    for (const a of Object.values(actors)) a.start();
    this.storeNow = this.newStore();
    this.emit();
  }

  /** The reader's current item: where the chapter opens again (saved through the storage port). */
  get resumePosition(): number {
    return this.resume;
  }
  /** The parts it runs, for an embedding page's own figures (src/viewer/testing/). */
  get parts(): { layout: Layout | null; renderer: StageRenderer | null; store: PageStore | null; pool: ViewerEnvironment['pool'] } {
    return { layout: this.layoutNow, renderer: this.rendererNow, store: this.storeNow, pool: this.env.pool };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = (): ViewerView => this.view;
  /** Puts the renderer's canvas on the stage and the first pages under the menus. */
  attach(el: StageElements): void {
    const r = this.env.createRenderer((i) => this.storeNow?.bitmap(i));
    this.rendererNow = r;
    this.settings.applyTo(r);
    const first = this.env.firstPages.element();
    if (first) el.firstPages.append(first);
    this.cleanups.push(
      r.onCamera((c) => (el.world.style.transform = `translate(${-c.x * c.scale}px, ${-c.y * c.scale}px) scale(${c.scale})`)),
    );
    r.init(el.stage, el.stage.clientWidth, el.stage.clientHeight, this.env.rendererOptions).then(
      () => {
        if (this.disposed) return;
        this.rendererReady = true;
        this.applyLayout();
      },
      (e: unknown) => console.error('viewer: renderer failed', e),
    );
  }

  /** The stage's size (CSS px). */
  resize(width: number, height: number): void {
    if (width === this.viewport.width && height === this.viewport.height) return;
    this.viewport = { width, height };
    this.relayout();
  }

  /** New data for the same chapter (a resolution change refetches it): new page URLs, its direction constraints again. */
  setChapter(viewer: MangaViewer, quality: ImgQuality): void {
    if (viewer === this.viewer) return;
    this.viewer = viewer;
    this.quality = quality;
    this.storeNow?.destroy();
    this.storeNow = this.newStore();
    this.actors.mode.send({ type: 'chapter.loaded', ...flagsOf(viewer) });
    this.relayout();
  }

  /** A paging event from the reader's input. */
  send = (e: PagingEvent): void => {
    this.lastEvent = e.type;
    // The reader pages on: the first pages drawn ahead of the app (if still up) go.
    if (e.type !== 'layout.set') this.env.firstPages.dismiss();
    this.actors.paging.send(e.type === 'drag.end' && (this.controls.reduced || this.settings.current.eink) ? { ...e, vy: 0 } : e);
  };

  get mode(): ViewerMode {
    return this.view.mode;
  }
  dragActive(): boolean {
    return this.actors.paging.getSnapshot().matches({ pointer: 'dragging' });
  }
  scale(): number {
    return this.actors.paging.getSnapshot().context.pos.scale;
  }
  tap(x: number, y: number, w: number, h: number): void {
    const a = this.controls.tap(x, y, w, h, this.view.mode, this.view.rtl, this.settings.current.eink);
    if (a === 'menu') this.toggleBar();
    else this.send({ type: a === 'next' ? 'page.next' : 'page.prev' });
  }
  toggleBar(): void {
    this.actors.nav.send({ type: 'navbar.tap' });
  }

  /** A key press; true when it was the viewer's (the browser must not scroll or act on it as well). */
  handleKey(k: KeyInput): boolean {
    const ps = this.actors.paging.getSnapshot();
    const [dragging, zoomed] = [ps.matches({ pointer: 'dragging' }), ps.matches({ zoom: 'zoomed' })];
    const { mode, rtl, menu } = this.view;
    const centre = { x: this.viewport.width / 2, y: this.viewport.height / 2 };
    const keys = this.controls.keys;
    return dispatchKey(keyOutcome(k, { menuOpen: menu !== null || this.controls.help, dragging, zoomed, mode, rtl, keys, centre }), this);
  }

  goTo(index: number): void {
    this.send({ type: 'page.goto', index });
  }
  toggleMenu(menu: OpenMenu): void {
    this.actors.menus.send({ type: 'menu.open', menu });
  }
  closeMenu(): void {
    this.actors.menus.send({ type: 'menu.close' });
  }
  setMode(mode: ViewerMode): void {
    this.actors.mode.send({ type: 'mode.set', mode });
  }
  /** A change in the settings modal. */
  changeSetting(e: ReaderSettingsEvent): void {
    this.actors.settings.send(e);
  }

  /** Stops the machines, timers, renderer and page store, and takes the first pages off the screen. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const c of this.cleanups.splice(0)) c();
    this.stopTimers();
    this.stopHandOver();
    this.settings.stop();
    this.controls.stop();
    if (this.redraw !== undefined) this.env.clocks.frames.cancelFrame(this.redraw);
    for (const a of Object.values(this.actors) as Array<{ stop(): void }>) a.stop();
    this.storeNow?.destroy();
    this.rendererNow?.destroy();
    [this.storeNow, this.rendererNow] = [null, null];
    this.env.firstPages.dismiss();
    this.listeners.clear();
  }

  private newStore(): PageStore {
    const onChange = (i: number) => {
      this.rendererNow?.invalidate(i);
      this.redraw ??= this.env.clocks.frames.requestFrame(() => {
        this.redraw = undefined;
        this.pages++;
        this.emit();
      });
    };
    const [onRelease, onCrop] = [(i: number) => this.rendererNow?.release(i), () => this.settings.cropKnown()];
    // Pages decoded at the size they are drawn (print quality: the worker's area filter).
    const size = (i: number) => drawnSize(this.layoutNow, i, this.scale(), this.rendererNow?.resolution ?? 1);
    const { pool, cache, takePrefetched } = this.env;
    return new PageStore(pageSources(this.viewer), pool, { onChange, onRelease, onCrop }, cache, size, takePrefetched);
  }

  private onMode(): void {
    const mode = modeOf(this.actors.mode.getSnapshot().value);
    this.actors.settings.send({ type: 'mode.changed', mode });
    if (mode !== this.layoutNow?.mode) this.relayout();
    else this.emit();
  }

  /** New reader settings: the renderer's filter; the layout again when it depends on one that changed. */
  private onSettings(): void {
    if (!this.settings.update(this.rendererNow)) this.emit();
  }

  /** Lays the chapter out again (size, direction, data), keeping the reader on the same item. */
  private relayout(): void {
    const mode = modeOf(this.actors.mode.getSnapshot().value);
    const next = layoutChapter(this.viewer, mode, this.viewport, this.settings.current, (i) => this.storeNow?.crop(i));
    [this.items, this.layoutNow] = [next.items, next.layout];
    this.applyLayout();
    this.emit();
  }

  private applyLayout(): void {
    const [l, r] = [this.layoutNow, this.rendererNow];
    if (!l || !r || !this.rendererReady) return;
    r.resize(l.viewport.width, l.viewport.height);
    r.setLayout(l, (i) => this.items[i]?.kind === 'manga');
    const item = Math.min(Math.max(0, this.resume), this.items.length - 1);
    this.send({ type: 'layout.set', geometry: geometryOf(l), index: l.slotOfItem[item] ?? 0 });
    const first = this.env.firstPages;
    this.stopHandOver();
    if (first.element()) this.stopHandOver = watchHandOver(this.env.clocks.frames, r, l, this.items, first);
  }

  /** Paging → camera, page cache, resume position, navigation bar, next chapter. */
  private onPaging(): void {
    const l = this.layoutNow;
    const s = this.actors.paging.getSnapshot();
    const { geometry: g, pos } = s.context;
    if (l && g.count === l.spreads.length && g.mode === l.mode) {
      const cam = cameraFor(g, pos);
      const moving = s.matches({ pointer: 'dragging' }) || s.matches({ pointer: 'coasting' });
      const immediate = moving || this.controls.reduced || this.settings.current.eink || ['zoom.by', 'scroll.by'].includes(this.lastEvent);
      this.rendererNow?.setCamera(cam, immediate);
      const spread = l.spreads[pos.index];
      if (spread) this.resume = spread.items[0]!;
      const view = { x: cam.x, y: cam.y, w: g.viewport.width / cam.scale, h: g.viewport.height / cam.scale };
      const shown = visiblePlacements(l, view, 0).map((p) => p.item);
      this.storeNow?.setPosition(this.resume, shown);
      if (!moving) this.storeNow?.rescale();
      this.onPageSeen(pos.index, l);
    }
    this.emit();
  }

  private onPageSeen(index: number, l: Layout): void {
    const count = l.spreads.length;
    if (count === 0 || (l === this.seen.layout && index === this.seen.index)) return;
    this.seen = { layout: l, index };
    this.env.storage.saveResumePosition(this.viewer.chapterId, this.resume);
    this.actors.nav.send({ type: 'page.changed', nearEnd: index >= count - 2 });
    const next = nextChapterOf(this.viewer);
    if (next && index >= count - 3) this.env.prefetchChapter(next, this.quality);
  }
  private computeView(): ViewerView {
    const { viewer, layoutNow: layout, items, storeNow: store, pages } = this;
    return viewOf(this.actors, this.controls.actors, { viewer, layout, items, store, pages, help: this.controls.help });
  }

  /** Tells the components when what they render changed. */
  private emit(): void {
    const next = this.computeView();
    if (this.disposed || sameView(next, this.view)) return;
    this.view = next;
    for (const l of this.listeners) l();
  }
}
