import { SHORT_CODES } from '../../../core/languages.js';
import type { L9 } from './l9.js';

/** How a demo work is described (server/content/text/works.json lists them). */

const KINDS = ['ongoing', 'completed', 'one_shot'] as const;
type SeriesKind = (typeof KINDS)[number];

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

/** A work as JSON has it: its kind and names are plain strings until checked. */
interface WorkRow {
  kind: string;
  genres: string[];
  name: Record<string, string>;
  webtoon?: boolean;
  bookRtl?: boolean;
}

/**
 * The works of a JSON list, checked: a known kind, a name in every language of
 * core/languages.ts (and no other), and genres among the given slugs. A slip in
 * the data fails at startup, as the l9() helper does for the texts in code.
 */
export function checkedWorks(rows: readonly WorkRow[], genreSlugs: readonly string[]): SeriesSpec[] {
  return rows.map((row, i) => {
    const what = `work ${i} (${row.name.en ?? '?'})`;
    if (!KINDS.includes(row.kind as SeriesKind)) throw new Error(`${what}: unknown kind ${row.kind}`);
    const langs = Object.keys(row.name);
    if (langs.length !== SHORT_CODES.length || SHORT_CODES.some((c) => !row.name[c]))
      throw new Error(`${what}: expected a name in ${SHORT_CODES.join(', ')}, got ${langs.join(', ')}`);
    const unknown = row.genres.filter((g) => !genreSlugs.includes(g));
    if (unknown.length > 0) throw new Error(`${what}: unknown genres ${unknown.join(', ')}`);
    const { kind, genres, name, ...extra } = row;
    return { kind: kind as SeriesKind, genres, name: name as L9, ...extra };
  });
}
