/**
 * The chapter's items as the layout sees them, and how horizontal mode pairs
 * manga pages into spreads. Pure; the layout (layout.ts) places the spreads.
 *
 * Pairing, in reading order: non-manga items, pages typed DOUBLE and any
 * page wider than tall stand alone; with `singleSpread` the first manga page
 * stands alone (a cover); with `spreadOffset` the first page that would start
 * a pair stands alone instead, so the pairs after it shift by exactly one
 * page; a page typed LEFT or RIGHT only ever sits on its own side; on narrow
 * screens every page is alone.
 */

export type MangaType = 'single' | 'left' | 'right' | 'double';
export type ItemKind = 'manga' | 'bannerList' | 'insertBanner' | 'banner' | 'ad' | 'last';

/** One entry of the chapter's page list, as the layout sees it. */
export interface Item {
  kind: ItemKind;
  /** manga pages only */
  type?: MangaType;
  /** Natural size; for non-manga items the nominal height at the nominal width. */
  width: number;
  height: number;
}

type Side = 'left' | 'right' | 'center';

export interface Spread {
  /** Item indices in reading order. */
  items: number[];
  /** Side of each item, same order as items. */
  sides: Side[];
  /** Halves of one image shown edge to edge. */
  joined: boolean;
}

export interface SpreadOptions {
  rtl: boolean;
  /** One page at a time (phone held upright). */
  narrow: boolean;
  /** The first manga page stands alone (a cover). */
  singleSpread: boolean;
  /** The first page that would start a pair stands alone: pairs shift by one page. */
  spreadOffset: boolean;
  /** Two halves (LEFT and RIGHT pages) are drawn edge to edge. */
  joinPages: boolean;
}

/** A whole spread in one image: typed DOUBLE, or wider than tall. */
export function isWidePage(it: Item): boolean {
  return it.kind === 'manga' && (it.type === 'double' || it.width > it.height);
}

/** A page may sit on the reading-first side of a spread. */
function fitsFirst(t: MangaType | undefined, rtl: boolean): boolean {
  return t === 'single' || t === (rtl ? 'right' : 'left');
}
function fitsSecond(t: MangaType | undefined, rtl: boolean): boolean {
  return t === 'single' || t === (rtl ? 'left' : 'right');
}

export function buildSpreads(items: Item[], o: SpreadOptions): Spread[] {
  const out: Spread[] = [];
  const first = o.rtl ? 'right' : 'left';
  const second = o.rtl ? 'left' : 'right';
  const alone = (i: number): Spread => {
    const it = items[i];
    const half = it.kind === 'manga' && (it.type === 'left' || it.type === 'right') && !o.narrow && !isWidePage(it);
    return { items: [i], sides: [half ? (it.type as Side) : 'center'], joined: false };
  };
  let firstManga = true;
  let shift = o.spreadOffset;
  for (let i = 0; i < items.length; i++) {
    const a = items[i];
    if (a.kind !== 'manga' || isWidePage(a) || o.narrow) {
      out.push(alone(i));
      if (a.kind === 'manga') firstManga = false;
      continue;
    }
    if (firstManga && o.singleSpread) {
      firstManga = false;
      out.push(alone(i));
      continue;
    }
    firstManga = false;
    const b = items[i + 1];
    if (fitsFirst(a.type, o.rtl) && b?.kind === 'manga' && !isWidePage(b) && fitsSecond(b.type, o.rtl)) {
      if (shift) {
        shift = false;
        out.push(alone(i));
        continue;
      }
      const halves = o.joinPages && a.type !== 'single' && b.type !== 'single';
      out.push({ items: [i, i + 1], sides: [first, second], joined: halves });
      i++;
      continue;
    }
    out.push(alone(i));
  }
  return out;
}
