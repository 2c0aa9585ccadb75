import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { PageType } from '../../core/gen/manga/v1/viewer_pb';
import { chapterThumbs, thumbEntries } from '../../core/viewer/pageThumbs';
import { thumbPreviewMachine } from '../../machines/thumbPreviewMachine';
import { thumbStripMachine } from '../../machines/thumbStripMachine';
import { PageSlider } from '../../src/screens/viewer/PageSlider';
import { ThumbStrip } from '../../src/screens/viewer/ThumbStrip';
import { ThumbSheets, type SheetDisplay } from '../../src/viewer/thumbSheets';
import { loadTestMessages } from './shellHelpers';
import { runUiModel } from './uiModel';

/**
 * Issue 48's two lifecycles on the real components: the strip of every page
 * (thumbStripMachine on ThumbStrip: opened, its sheet loading, shown or
 * failed and retried, a page chosen, closed) and the slider's preview
 * (thumbPreviewMachine on PageSlider: hovered, scrubbed, let go, left). A
 * 50-page chapter, page 3 a spread's first half paired with page 4 (slot 2);
 * its two sheets come from a stand-in whose answers the test gives.
 */
const PAGES = 50;
const pages = Array.from({ length: PAGES }, (_, k) => ({
  imageUrl: `/img/page/9/${k}/high.webp`,
  type: k === 2 ? PageType.LEFT : k === 3 ? PageType.RIGHT : PageType.SINGLE,
  encryptionKey: 'aa',
}));
// Slots: pages 1, 2, 3-4 (a spread), 5 ... 50, then the end page (no page).
const spreads = [[0], [1], [2, 3], ...Array.from({ length: PAGES - 4 }, (_, k) => [k + 4]), [PAGES]].map((items) => ({ items }));
const { entries, slotPages } = thumbEntries(spreads, new Map(pages.map((_, k) => [k, k + 1])));
const counters = slotPages.map((p) => ({
  first: Math.min(...(p.length ? p : [PAGES])),
  last: Math.max(...(p.length ? p : [PAGES])),
  total: PAGES,
}));

/** Sheets from a stand-in: each request waits until the test answers it. */
function standIn() {
  const waiting: { url: string; resolve: (b: Blob) => void; reject: (e: Error) => void }[] = [];
  const display: SheetDisplay = { show: (b) => Promise.resolve(`blob:test/${b.size}`), forget: () => {} };
  const sheets = new ThumbSheets(
    chapterThumbs(pages)!,
    (url) => new Promise<Blob>((resolve, reject) => waiting.push({ url, resolve, reject })),
    display,
  );
  const answer = async (ok: boolean, url?: string) => {
    const i = waiting.findIndex((w) => !url || w.url === url);
    const [w] = waiting.splice(i, 1);
    await act(async () => {
      if (ok) w.resolve(new Blob([w.url]));
      else w.reject(new Error('HTTP 503'));
      // The answer's chain (decoded, then ready) runs out.
      await new Promise((r) => setTimeout(r, 0));
    });
  };
  return { sheets, answer, waiting };
}

const OPEN = { type: 'strip.open', sheet: 0 };
const LOADED = { type: 'strip.loaded' };
const FAILED = { type: 'strip.failed' };
const JUMP = { type: 'strip.jump', slot: 2 };
const CLOSE = { type: 'strip.close' };

describe('the page-thumbnail strip (thumbStripMachine) on ThumbStrip', () => {
  beforeEach(() => loadTestMessages());

  it('opens on its button, shows the pages once the sheet is there, says a failure and retries, jumps, closes', async () => {
    let s = standIn();
    const gone: number[] = [];
    // The reader is at slot 20 (page 22): its sheet is the first.
    function Viewer() {
      const [index, setIndex] = useState(20);
      return <ThumbStrip sheets={s.sheets} entries={entries} index={index} rtl={false} onGoto={(i) => (gone.push(i), setIndex(i))} />;
    }
    await runUiModel(
      thumbStripMachine,
      {
        name: 'thumbStrip',
        events: [OPEN, LOADED, FAILED, { type: 'strip.retry' }, JUMP, CLOSE],
        // Each way back to closed once (a path never opens it again: its sheet would be there already).
        sequences: [
          [OPEN, CLOSE],
          [OPEN, JUMP],
          [OPEN, LOADED, CLOSE],
          [OPEN, LOADED, JUMP],
          [OPEN, FAILED, CLOSE],
          [OPEN, FAILED, JUMP],
          [OPEN, FAILED, { type: 'strip.retry' }, LOADED],
        ],
      },
      () => ({
        render: () => {
          s = standIn();
          gone.length = 0;
          render(<Viewer />);
        },
        events: {
          'strip.open': () => fireEvent.click(screen.getByRole('button', { name: 'Page thumbnails' })),
          'strip.loaded': () => s.answer(true, '/img/thumbs/9/0.webp'),
          'strip.failed': () => s.answer(false, '/img/thumbs/9/0.webp'),
          'strip.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
          'strip.jump': () => {
            fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pages 3–4' }));
            expect(gone.at(-1)).toBe(2);
          },
          'strip.close': () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
        },
        check: (st) => {
          const dialog = screen.queryByRole('dialog', { name: 'All pages' });
          expect(!!dialog).toBe(st.value !== 'closed');
          if (!dialog) return;
          const d = within(dialog);
          // Every spread of pages once (the end page is none), its own marked, numbers always there.
          expect(d.getAllByRole('listitem')).toHaveLength(entries.length);
          expect(d.getByRole('button', { name: 'Page 22' }).getAttribute('aria-current')).toBe('page');
          expect(!!d.queryByRole('status')).toBe(st.value === 'loading');
          expect(d.queryByRole('alert')?.textContent ?? '').toContain(st.value === 'failed' ? 'could not be loaded' : '');
          if (st.value !== 'failed') expect(d.queryByRole('alert')).toBeNull();
          // Shown: the reader's page has its picture (the cell of its sheet), in its place on the sheet.
          const own = d.getByRole('button', { name: 'Page 22' }).querySelector('img');
          expect(!!own).toBe(st.value === 'shown');
          if (own) expect(own.getAttribute('src')).toMatch(/^blob:test\//);
        },
      }),
    );
  });

  it('arrow keys move in reading direction, Home and End, Enter jumps; keys stay out of the viewer', async () => {
    const s = standIn();
    const gone: number[] = [];
    let viewerKeys = 0;
    const count = () => viewerKeys++;
    window.addEventListener('keydown', count);
    render(<ThumbStrip sheets={s.sheets} entries={entries} index={0} rtl onGoto={(i) => gone.push(i)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page thumbnails' }));
    await act(() => Promise.resolve());
    const grid = screen.getByTestId('thumbs-grid');
    expect(grid.getAttribute('dir')).toBe('rtl');
    expect(document.activeElement?.textContent).toBe('Page 1');
    // Right to left: ArrowLeft is the next page.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement?.textContent).toBe('Pages 3–4');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Page 2');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toBe(`Page ${PAGES}`);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement?.textContent).toBe('Page 1');
    expect(viewerKeys).toBe(0);
    window.removeEventListener('keydown', count);
    // Only the focused entry is in the Tab order.
    expect(grid.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
    fireEvent.click(document.activeElement!);
    expect(gone).toEqual([0]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

const HOVER = { type: 'preview.hover', slot: 2 };
const SCRUB = { type: 'preview.scrub', slot: 30 };

describe("the slider's page preview (thumbPreviewMachine) on PageSlider", () => {
  beforeEach(() => loadTestMessages());
  const last = slotPages.length - 1;
  /** The slider's box in jsdom (which lays nothing out): 10 px a slot, the thumb's half (8 px) at each end. */
  const W = last * 10 + 16;
  const place = (el: HTMLElement) =>
    (el.getBoundingClientRect = () => ({
      left: 0,
      width: W,
      top: 0,
      height: 20,
      right: W,
      bottom: 20,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    }));

  it('hovering shows the page under the pointer, a drag the page at the thumb until let go', async () => {
    let s = standIn();
    await runUiModel(
      thumbPreviewMachine,
      {
        name: 'thumbPreview',
        events: [HOVER, SCRUB, { type: 'preview.release' }, { type: 'preview.leave' }],
        serializeState: (st) => JSON.stringify(st.value),
        sequences: [
          [HOVER, { type: 'preview.hover', slot: 5 }],
          [HOVER, { type: 'preview.leave' }],
          [HOVER, SCRUB],
          [SCRUB, { type: 'preview.scrub', slot: 31 }],
          [SCRUB, { type: 'preview.release' }],
        ],
      },
      () => ({
        render: () => {
          s = standIn();
          render(
            <PageSlider
              index={0}
              count={slotPages.length}
              pages={counters}
              slotPages={slotPages}
              rtl={false}
              sheets={s.sheets}
              onGoto={() => {}}
            />,
          );
          place(screen.getByTestId('viewer-slider'));
        },
        events: {
          'preview.hover': (e) =>
            fireEvent.pointerMove(screen.getByTestId('viewer-slider'), { clientX: 8 + (e.slot as number) * 10, pointerType: 'mouse' }),
          'preview.scrub': (e) =>
            fireEvent.change(screen.getByTestId('viewer-slider'), { target: { value: String((e.slot as number) + 1) } }),
          'preview.release': () => fireEvent.pointerUp(screen.getByTestId('viewer-slider')),
          'preview.leave': () => fireEvent.pointerLeave(screen.getByTestId('viewer-slider')),
        },
        check: (st) => {
          const preview = screen.queryByTestId('thumb-preview');
          expect(!!preview).toBe(st.value !== 'hidden');
          if (!preview) return;
          const slot = (st.context as { slot: number }).slot;
          const want = slotPages[slot];
          // The spread's pages and their numbers: the picture boxes of exactly its pages, in reading order.
          expect(preview.textContent).toBe(want.length > 1 ? `Pages ${want[0]}–${want.at(-1)}` : `Page ${want[0]}`);
          expect([...preview.querySelectorAll('[data-thumb-page]')].map((e) => Number(e.getAttribute('data-thumb-page')))).toEqual(want);
        },
      }),
    );
  });

  it("shows the page's cell of its sheet once the sheet is decoded; a right-to-left spread right to left", async () => {
    const s = standIn();
    render(
      <PageSlider index={0} count={slotPages.length} pages={counters} slotPages={slotPages} rtl sheets={s.sheets} onGoto={() => {}} />,
    );
    const slider = screen.getByTestId('viewer-slider');
    fireEvent.change(slider, { target: { value: '3' } });
    expect(s.waiting.map((w) => w.url)).toEqual(['/img/thumbs/9/0.webp']);
    await s.answer(true);
    const imgs = [...screen.getByTestId('thumb-preview').querySelectorAll('img')];
    expect(imgs.map((i) => [i.getAttribute('data-thumb-page'), i.getAttribute('data-x')])).toEqual([
      ['3', String(2 * 68)],
      ['4', String(3 * 68)],
    ]);
    expect(imgs[0].parentElement?.getAttribute('dir')).toBe('rtl');
    // Page 45 is on the second sheet.
    fireEvent.change(slider, { target: { value: String(slotPages.findIndex((p) => p[0] === 45) + 1) } });
    expect(s.waiting.map((w) => w.url)).toEqual(['/img/thumbs/9/1.webp']);
    fireEvent.keyDown(slider, { key: 'Escape' });
    expect(screen.queryByTestId('thumb-preview')).toBeNull();
  });

  it('a key turns the viewer at once; a drag shows the way and turns it once, where it is let go', () => {
    const gone: number[] = [];
    const s = standIn();
    render(
      <PageSlider
        index={0}
        count={slotPages.length}
        pages={counters}
        slotPages={slotPages}
        rtl={false}
        sheets={s.sheets}
        onGoto={(i) => gone.push(i)}
      />,
    );
    const slider = screen.getByTestId('viewer-slider');
    fireEvent.change(slider, { target: { value: '5' } });
    expect(gone).toEqual([4]);
    fireEvent.pointerDown(slider, { pointerType: 'mouse' });
    for (const v of ['9', '14', '20']) fireEvent.change(slider, { target: { value: v } });
    // Under way: the preview and the counter follow the thumb; the viewer stays.
    expect(screen.getByTestId('thumb-preview').textContent).toBe('Page 21');
    expect(gone).toEqual([4]);
    fireEvent.pointerUp(window);
    expect(gone).toEqual([4, 19]);
    expect(screen.queryByTestId('thumb-preview')).toBeNull();
  });
});
