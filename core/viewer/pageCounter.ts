/**
 * What the viewer's page counter says: the chapter's pages, numbered as the
 * pages' names for screen readers number them ("Page 5 of 24"): manga pages
 * only. The items the viewer inserts (banners, ads, the end page) are not
 * pages: on one the counter stays at the page before it (the first page when
 * none comes before), as the slider's thumb stays where the reader was. A
 * spread of two pages shows both ("4–5 / 24"); a wide page split into two
 * slots is one page on both.
 */
import type { ItemKind } from './spreads';

/** Item index → its number among the chapter's manga pages (1-based), and how many there are. */
export interface PageNumbers {
  of: Map<number, number>;
  total: number;
}

export function mangaPageNumbers(items: readonly { kind: ItemKind }[]): PageNumbers {
  const of = new Map<number, number>();
  items.forEach((it, i) => {
    if (it.kind === 'manga') of.set(i, of.size + 1);
  });
  return { of, total: of.size };
}

/** The pages one spread (or slot) counts as: first and last page number, of `total`. */
export interface CounterPages {
  first: number;
  last: number;
  total: number;
}

/**
 * For each spread (layout order), the pages the counter shows there; null for
 * every spread of a chapter without manga pages.
 */
export function counterPages(spreads: readonly { items: readonly number[] }[], numbers: PageNumbers): (CounterPages | null)[] {
  const { of, total } = numbers;
  if (total === 0) return spreads.map(() => null);
  const own = spreads.map((s) => s.items.map((i) => of.get(i)).filter((n): n is number => n !== undefined));
  let before: number | null = null;
  const out = own.map((ns) => {
    if (ns.length === 0) return before === null ? null : { first: before, last: before, total };
    before = Math.max(...ns);
    return { first: Math.min(...ns), last: before, total };
  });
  // Inserted items ahead of the first page: page 1, where reading starts.
  return out.map((c) => c ?? { first: 1, last: 1, total });
}
