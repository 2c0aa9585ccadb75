import { useEffect, useState } from 'react';

/**
 * The viewer's fullscreen, where the browser has one: the standard API, else
 * WebKit's prefixed one (Safari on an iPad before 16.4). Safari on an iPhone
 * has neither for a page (only a video goes fullscreen there): no button is
 * offered that would do nothing; its readers hide the browser's bars by adding
 * the reader to their home screen (the web manifest's `display`).
 */
type PrefixedDocument = Document & {
  webkitFullscreenEnabled?: boolean;
  webkitFullscreenElement?: Element | null;
  webkitExitFullscreen?: () => Promise<void> | void;
};
type PrefixedElement = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void };

/** Whether this document can go fullscreen (the API exists and is allowed here). */
function fullscreenAvailable(doc: Document = document): boolean {
  const d = doc as PrefixedDocument;
  const el = d.documentElement as PrefixedElement | null;
  if (typeof el?.requestFullscreen === 'function') return d.fullscreenEnabled !== false;
  return typeof el?.webkitRequestFullscreen === 'function' && d.webkitFullscreenEnabled !== false;
}

const fullscreenElement = (d: PrefixedDocument) => d.fullscreenElement ?? d.webkitFullscreenElement ?? null;

/** Enters fullscreen, or leaves it when on; through whichever API the browser has. */
export function toggleFullscreen(doc: Document = document): void {
  const d = doc as PrefixedDocument;
  const el = d.documentElement as PrefixedElement;
  const quiet = (p: Promise<void> | void) => void Promise.resolve(p).catch(() => undefined);
  if (fullscreenElement(d)) quiet(typeof d.exitFullscreen === 'function' ? d.exitFullscreen() : d.webkitExitFullscreen?.());
  else if (typeof el.requestFullscreen === 'function') quiet(el.requestFullscreen());
  else quiet(el.webkitRequestFullscreen?.());
}

/** Whether fullscreen is offered here, whether it is on, and its toggle. */
export function useFullscreen(): { available: boolean; on: boolean; toggle: () => void } {
  const [available] = useState(() => typeof document !== 'undefined' && fullscreenAvailable());
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!fullscreenElement(document));
  useEffect(() => {
    const f = () => setOn(!!fullscreenElement(document));
    document.addEventListener('fullscreenchange', f);
    document.addEventListener('webkitfullscreenchange', f);
    return () => {
      document.removeEventListener('fullscreenchange', f);
      document.removeEventListener('webkitfullscreenchange', f);
    };
  }, []);
  return { available, on, toggle: () => toggleFullscreen() };
}
