import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../../machines/index';
import ELK from 'elkjs/lib/elk.bundled.js';
import { layoutMachine, type ChartNode } from './chart';

const elk = new ELK();
const run = (g: unknown) => elk.layout(g as never);

/** Distance from a point to the border of a rectangle. */
function toBorder(p: { x: number; y: number }, n: ChartNode): number {
  const dx = Math.max(n.x - p.x, 0, p.x - (n.x + n.w));
  const dy = Math.max(n.y - p.y, 0, p.y - (n.y + n.h));
  const outside = Math.hypot(dx, dy);
  if (outside > 0) return outside;
  return Math.min(p.x - n.x, n.x + n.w - p.x, p.y - n.y, n.y + n.h - p.y);
}

describe('ELK layout of every machine', () => {
  for (const { name, machine } of MACHINES)
    it(`${name}: every edge starts and ends on its nodes' borders`, async () => {
      const chart = await layoutMachine(machine, run);
      const nodes = new Map<string, ChartNode>();
      const index = (n: ChartNode) => {
        nodes.set(n.id, n);
        n.children.forEach(index);
      };
      chart.nodes.forEach(index);
      const bad: string[] = [];
      for (const e of chart.edges) {
        expect(e.points.length, e.id).toBeGreaterThanOrEqual(2);
        const start = toBorder(e.points[0], nodes.get(e.source)!);
        const end = toBorder(e.points[e.points.length - 1], nodes.get(e.target)!);
        if (start > 2 || end > 2) bad.push(`${e.id} start ${start.toFixed(1)} end ${end.toFixed(1)}`);
      }
      expect(bad).toEqual([]);
      // Labels overlap neither each other nor a state without children.
      const boxes = chart.edges.map((e) => ({ id: e.id, ...e.labelBox }));
      const leaves = [...nodes.values()].filter((n) => !n.children.length);
      const hit = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
        a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1;
      const overlaps: string[] = [];
      boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => hit(a, b) && overlaps.push(`${a.id} / ${b.id}`)));
      for (const a of boxes) for (const n of leaves) if (hit(a, n)) overlaps.push(`${a.id} / ${n.id}`);
      expect(overlaps).toEqual([]);
      const root = chart.nodes[0];
      expect(root.x + root.w).toBeLessThanOrEqual(chart.width);
    });
});
