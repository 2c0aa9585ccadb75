/**
 * Split wide pages, horizontal reading one page at a time (a phone held upright): a wide page (typed
 * DOUBLE, or wider than tall) becomes two slots, each the window's width, that show its halves in reading order:
 * the left half first, the right half first on a right-to-left chapter. The page is drawn once across both slots at
 * the scale that makes a half the window's width (a half taller than the window is panned down, as with fit width);
 * the camera shows one slot at a time, so each turn shows one half. Slots after a split one move along.
 */
import type { Layout, Placement, Rect } from './layoutTypes';
import { isWidePage, type Item, type Spread } from './spreads';

export function splitWidePages(l: Layout, items: Item[]): Layout {
  const v = l.viewport;
  const spreads: Spread[] = [];
  const slots: Rect[] = [];
  const placements: Placement[] = [];
  const slotOfItem = [...l.slotOfItem];
  const bySlot = new Map<number, Placement[]>();
  for (const p of l.placements) bySlot.set(p.slot, [...(bySlot.get(p.slot) ?? []), p]);
  // Left edge of the slot before (left to right) or of the last one placed (right to left), as buildLayout places them.
  let edge = 0;
  const next = (w: number): number => {
    const x = l.rtl ? (slots.length === 0 ? 0 : edge - w) : edge;
    edge = l.rtl ? x : x + w;
    return x;
  };
  l.spreads.forEach((sp, si) => {
    const item = sp.items[0];
    const it = items[item];
    if (sp.items.length === 1 && it && isWidePage(it)) {
      const h = (it.height * v.width) / Math.max(1, it.width / 2);
      const slotH = Math.max(v.height, h);
      const [a, b] = [next(v.width), next(v.width)];
      const first = slots.length;
      slots.push({ x: a, y: 0, w: v.width, h: slotH }, { x: b, y: 0, w: v.width, h: slotH });
      spreads.push(sp, { ...sp });
      placements.push({ item, slot: first, x: Math.min(a, b), y: (slotH - h) / 2, w: 2 * v.width, h });
      slotOfItem[item] = first;
      return;
    }
    const old = l.slots[si];
    const x = next(old.w);
    const slot = slots.length;
    slots.push({ ...old, x });
    spreads.push(sp);
    for (const p of bySlot.get(si) ?? []) placements.push({ ...p, slot, x: p.x + x - old.x });
    for (const i of sp.items) slotOfItem[i] = slot;
  });
  return { ...l, spreads, slots, placements, slotOfItem };
}
