import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { create } from '@bufbuild/protobuf';
import { MangaViewerSchema } from '../../../core/gen/manga/v1/viewer_pb';
import { loadTestMessages } from '../../../tests/model/shellHelpers';
import { ViewerChrome } from './ViewerChrome';

/** The viewer's footer: its fullscreen button only where the browser can go fullscreen (./fullscreen.ts). */
describe('the fullscreen button', () => {
  const root = document.documentElement as HTMLElement & Record<string, unknown>;
  const doc = document as Document & Record<string, unknown>;
  const added: [object, string][] = [];
  const define = (o: object, k: string, v: unknown) => {
    Object.defineProperty(o, k, { value: v, configurable: true, writable: true });
    added.push([o, k]);
  };
  beforeEach(() => loadTestMessages());
  afterEach(() => {
    cleanup();
    for (const [o, k] of added.splice(0)) delete (o as Record<string, unknown>)[k];
  });
  const show = () =>
    render(
      <ViewerChrome
        viewer={create(MangaViewerSchema, { chapterId: 1, titleName: 'T', chapterName: 'C' })}
        visible
        index={0}
        count={1}
        pages={[null]}
        rtl={false}
        reloading={false}
        thumbSpreads={{ entries: [], slotPages: [] }}
        onGoto={() => {}}
        onMenu={() => {}}
      />,
    );
  const button = () => screen.queryByTestId('viewer-fullscreen');

  it('absent where there is no fullscreen API (Safari on an iPhone; jsdom has none either)', () => {
    expect('requestFullscreen' in root).toBe(false);
    show();
    expect(button()).toBeNull();
  });

  it('absent where the API exists but fullscreen is not allowed (fullscreenEnabled false)', () => {
    define(
      root,
      'requestFullscreen',
      vi.fn(() => Promise.resolve()),
    );
    define(doc, 'fullscreenEnabled', false);
    show();
    expect(button()).toBeNull();
  });

  it('present with the standard API, which it calls', () => {
    const request = vi.fn(() => Promise.resolve());
    define(root, 'requestFullscreen', request);
    define(doc, 'fullscreenEnabled', true);
    show();
    fireEvent.click(button()!);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("present with WebKit's prefixed API only, which it calls (and leaves through)", () => {
    const request = vi.fn();
    const exit = vi.fn();
    define(root, 'webkitRequestFullscreen', request);
    define(doc, 'webkitFullscreenEnabled', true);
    define(doc, 'webkitExitFullscreen', exit);
    show();
    fireEvent.click(button()!);
    expect(request).toHaveBeenCalledTimes(1);
    define(doc, 'webkitFullscreenElement', root);
    fireEvent.click(button()!);
    expect(exit).toHaveBeenCalledTimes(1);
  });
});
