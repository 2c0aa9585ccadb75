import { describe, expect, it, vi } from 'vitest';
import { VIEWER } from '../../../core/viewer/layout';
import { DEFAULT_KEYS } from '../../../core/viewer/controls';
import { DEFAULT_FILTER } from '../../../core/viewer/readerSettings';
import { TOAST_MS } from './viewerActors';
import { chapter, key, open } from './viewerSessionFixture';

/** The renderer's init resolves: the session lays the chapter out on it. */
const ready = () => new Promise((r) => setTimeout(r, 0));

describe('ViewerSession', () => {
  it('opens at the stored resume position', async () => {
    const { session } = open(chapter(10), { mode: 'vertical', resume: 4 });
    await ready();
    expect(session.getSnapshot().mode).toBe('vertical');
    expect(session.getSnapshot().count).toBe(11);
    expect(session.getSnapshot().index).toBe(4);
    expect(session.resumePosition).toBe(4);
  });

  it('saves the resume position through the storage port as the reader pages', async () => {
    const { session, saved } = open(chapter(10), { mode: 'horizontal' });
    await ready();
    expect(saved.resume.at(-1)).toEqual([7, 0]);
    session.goTo(3);
    const item = session.parts.layout!.spreads[3].items[0];
    expect(session.getSnapshot().index).toBe(3);
    expect(saved.resume.at(-1)).toEqual([7, item]);
    expect(session.resumePosition).toBe(item);
  });

  it('hides the navigation bar when its injected clock says the time is up, not before', async () => {
    const { session, clocks } = open(chapter(10));
    await ready();
    expect(session.getSnapshot().navVisible).toBe(true);
    clocks.navBar.advance(VIEWER.navAutoHideMs - 1);
    expect(session.getSnapshot().navVisible).toBe(true);
    clocks.navBar.advance(1);
    expect(session.getSnapshot().navVisible).toBe(false);
    session.tap(640, 400, 1280, 800);
    expect(session.getSnapshot().navVisible).toBe(true);
  });

  it('saves a new reading direction through the storage port, lays the chapter out again and shows the toast until its clock runs out', async () => {
    const { session, saved, clocks, renderer } = open(chapter(10));
    await ready();
    expect(session.getSnapshot().mode).toBe('vertical');
    session.setMode('horizontal');
    expect(saved.modes).toEqual(['horizontal']);
    expect(session.getSnapshot().mode).toBe('horizontal');
    expect(session.parts.layout!.mode).toBe('horizontal');
    expect(renderer.setLayout).toHaveBeenCalledTimes(2);
    expect(session.getSnapshot().toast).toBe(true);
    clocks.toast.advance(TOAST_MS);
    expect(session.getSnapshot().toast).toBe(false);
  });

  it('keys: page in the reading direction, leave the zoom, close a menu; nothing while typing', async () => {
    const { session } = open(chapter(10, { rtl: true }), { mode: 'horizontal' });
    await ready();
    // Right to left: the left arrow is the next page.
    expect(session.handleKey(key('ArrowLeft'))).toBe(true);
    expect(session.getSnapshot().index).toBe(1);
    expect(session.handleKey(key('ArrowRight'))).toBe(true);
    expect(session.getSnapshot().index).toBe(0);
    expect(session.handleKey(key('End'))).toBe(true);
    expect(session.getSnapshot().index).toBe(session.getSnapshot().count - 1);
    expect(session.handleKey(key('Home', { inField: true }))).toBe(false);
    expect(session.getSnapshot().index).toBe(session.getSnapshot().count - 1);
    session.send({ type: 'zoom.toggle', x: 100, y: 100 });
    expect(session.scale()).toBeGreaterThan(1);
    expect(session.handleKey(key('0'))).toBe(false);
    expect(session.scale()).toBe(1);
    session.toggleMenu('settings');
    expect(session.getSnapshot().menu).toBe('settings');
    expect(session.handleKey(key('Home'))).toBe(false);
    expect(session.getSnapshot().index).toBe(session.getSnapshot().count - 1);
    session.handleKey(key('Escape'));
    expect(session.getSnapshot().menu).toBe(null);
  });

  it('asks for the next chapter ahead of time near the end', async () => {
    const { session, prefetchChapter } = open(chapter(10, { nextChapterId: 8 }), { mode: 'horizontal' });
    await ready();
    expect(prefetchChapter).not.toHaveBeenCalled();
    session.handleKey(key('End'));
    expect(prefetchChapter).toHaveBeenCalledWith(8, 'high');
  });

  it('never asks ahead for a next chapter that is announced with a release time (not out yet)', async () => {
    const { session, prefetchChapter } = open(chapter(10, { nextChapterId: 8, nextTimeStamp: 2_000_000_000 }), { mode: 'horizontal' });
    await ready();
    session.handleKey(key('End'));
    expect(session.getSnapshot().index).toBe(session.getSnapshot().count - 1);
    expect(prefetchChapter).not.toHaveBeenCalled();
  });

  it('reader settings: the title’s filter goes to the renderer; a layout setting lays the chapter out again on the same item, pages kept', async () => {
    const sepia = { ...DEFAULT_FILTER, sepia: true };
    const { session, renderer, saved } = open(chapter(10), { mode: 'horizontal', title: { spreadOffset: false, filter: sepia } });
    await ready();
    expect(renderer.setFilter).toHaveBeenLastCalledWith(sepia);
    session.goTo(3);
    const item = session.resumePosition;
    const store = session.parts.store;
    const spreads = session.parts.layout!.spreads.map((sp) => sp.items);
    expect(session.handleKey(key('o'))).toBe(true);
    expect(session.getSnapshot().settings.spreadOffset).toBe(true);
    expect(saved.titles).toEqual([[1, { spreadOffset: true, filter: sepia }]]);
    expect(session.parts.layout!.spreads.map((sp) => sp.items)).not.toEqual(spreads);
    expect(session.parts.layout!.spreads[session.getSnapshot().index].items).toContain(item);
    expect(session.parts.store).toBe(store);
    const layouts = renderer.setLayout.mock.calls.length;
    session.changeSetting({ type: 'invert.set', value: true });
    expect(renderer.setFilter).toHaveBeenLastCalledWith({ ...sepia, invert: true });
    expect(renderer.setLayout).toHaveBeenCalledTimes(layouts);
    session.changeSetting({ type: 'fit.set', fit: 'width' });
    expect(renderer.setLayout).toHaveBeenCalledTimes(layouts + 1);
  });

  it('the spread-offset key works in horizontal reading only; the settings follow the direction', async () => {
    const { session } = open(chapter(10), { mode: 'vertical' });
    await ready();
    session.handleKey(key('o'));
    expect(session.getSnapshot().settings.spreadOffset).toBe(false);
    session.setMode('horizontal');
    expect(session.actors.settings.getSnapshot().value).toBe('horizontal');
    session.handleKey(key('O', { shiftKey: true }));
    expect(session.getSnapshot().settings.spreadOffset).toBe(true);
  });

  it('tells its subscribers about changes, and teardown stops its actors, timers, renderer and the first pages', async () => {
    const { session, clocks, renderer, firstPages } = open(chapter(10), { mode: 'horizontal' });
    await ready();
    const seen = vi.fn();
    const off = session.subscribe(seen);
    session.goTo(2);
    expect(seen).toHaveBeenCalled();
    off();
    session.send({ type: 'drag.start' });
    session.send({ type: 'drag.move', dx: 0, dy: -200 });
    expect(clocks.navBar.pending).toBe(1);
    session.dispose();
    for (const a of Object.values(session.actors) as Array<{ getSnapshot(): { status: string } }>)
      expect(a.getSnapshot().status).toBe('stopped');
    expect(clocks.navBar.pending).toBe(0);
    expect(clocks.toast.pending).toBe(0);
    expect(clocks.inertia.pendingFrames).toBe(0);
    expect(renderer.destroy).toHaveBeenCalled();
    expect(firstPages.dismiss).toHaveBeenCalled();
    expect(session.parts.store).toBe(null);
  });

  it('reduced motion (system or setting): every camera move lands at once, a fling does not coast', async () => {
    for (const stored of [{ reduced: true }, { controls: { motion: 'reduce' as const } }]) {
      const { session, renderer } = open(chapter(10), { mode: 'vertical', ...stored });
      await ready();
      session.send({ type: 'page.next' });
      expect((renderer.setCamera as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[1]).toBe(true);
      session.send({ type: 'drag.start' });
      session.send({ type: 'drag.move', dx: 0, dy: -50 });
      session.send({ type: 'drag.end', vx: 0, vy: -5 });
      expect(session.actors.paging.getSnapshot().matches({ pointer: 'idle' })).toBe(true);
      session.dispose();
    }
    const { session, renderer } = open(chapter(10), { mode: 'vertical', controls: { motion: 'full' }, reduced: true });
    await ready();
    session.send({ type: 'page.next' });
    expect((renderer.setCamera as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[1]).toBe(false);
  });

  it('keys through the reader’s key map; chapters, fullscreen and help go to the page around it', async () => {
    const { session } = open(chapter(10), { mode: 'horizontal', controls: { keys: { ...DEFAULT_KEYS, nextPage: 'n' } } });
    await ready();
    const app = vi.fn();
    session.controls.handleApp(app);
    const key = (key: string) => session.handleKey({ key, shiftKey: false, altKey: false, metaKey: false, ctrlKey: false, inField: false });
    expect(key('N')).toBe(true);
    expect(session.getSnapshot().index).toBe(1);
    expect(key('PageDown')).toBe(false);
    expect(key('ArrowRight')).toBe(true);
    expect(session.getSnapshot().index).toBe(2);
    key(']');
    key('?');
    expect(app.mock.calls).toEqual([['nextChapter'], ['help']]);
    key('s');
    expect(session.getSnapshot().menu).toBe('settings');
    key('Escape');
    expect(session.getSnapshot().menu).toBe(null);
    session.controls.setHelp(true);
    expect(key('ArrowRight')).toBe(false);
    expect(session.getSnapshot().help).toBe(true);
  });
});
