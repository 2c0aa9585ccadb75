import type { L9 } from './l9.js';

/** How a demo work is described (server/content/text/worksA.ts and worksB.ts list them). */

type SeriesKind = 'ongoing' | 'completed' | 'one_shot';

export interface SeriesSpec {
  name: L9;
  /** Genre slugs (see GENRES); the first decides the overview's opening. */
  genres: string[];
  kind: SeriesKind;
  /** Webtoon-style: tall pages, every chapter vertical only. */
  webtoon?: boolean;
  /** Book layout read right to left, every chapter horizontal only. */
  bookRtl?: boolean;
}

export const spec = (kind: SeriesKind, genres: string[], name: L9, extra: Partial<SeriesSpec> = {}): SeriesSpec => ({
  kind,
  genres,
  name,
  ...extra,
});
