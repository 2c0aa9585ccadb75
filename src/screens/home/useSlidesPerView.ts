import { useSyncExternalStore } from 'react';

/** 000 §9: 1 slide under 1024 px (the documents' first step is 728 px), 2 from 1024 px, 3 from 1600 px. */
function slidesFor(width: number): number {
  if (width >= 1600) return 3;
  if (width >= 1024) return 2;
  return 1;
}

const subscribe = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};

/** The most slides a width shows. */
const MAX_SLIDES = 3;

/** On the server, the most any width shows: the carousel's styles hide what a narrower screen does not show. */
export function useSlidesPerView(): number {
  return useSyncExternalStore(
    subscribe,
    () => slidesFor(window.innerWidth),
    () => MAX_SLIDES,
  );
}
