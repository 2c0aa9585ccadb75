import type { AnyStateMachine } from 'xstate';
import { readMachine, type StateInfo, type TransitionInfo } from './chartModel';

/**
 * A machine laid out by ELK (layered, orthogonal routing, the whole
 * hierarchy at once, edge labels placed by ELK so they do not overlap).
 * Every coordinate is absolute (ELK's JSON `shapeCoords`/`edgeCoords` set to
 * ROOT), so edges are drawn from ELK's own routes and end on their nodes.
 */
export interface ChartNode extends StateInfo {
  x: number;
  y: number;
  w: number;
  h: number;
  children: ChartNode[];
}

export interface ChartEdge extends TransitionInfo {
  points: { x: number; y: number }[];
  labelBox: { x: number; y: number; w: number; h: number };
}

export interface Chart {
  width: number;
  height: number;
  nodes: ChartNode[];
  edges: ChartEdge[];
}

/** Width of one character of the chart font (11px monospace) and one line's height. */
export const CHAR_W = 6.7;
export const LINE_H = 14;
/** Height of a state's name row. */
export const HEAD_H = 26;
const PAD = 10;

function textWidth(lines: string[]): number {
  return Math.max(0, ...lines.map((l) => l.length)) * CHAR_W;
}

interface ElkIn {
  id: string;
  width?: number;
  height?: number;
  layoutOptions?: Record<string, string>;
  children?: ElkIn[];
  edges?: unknown[];
}

function toElk(s: StateInfo): ElkIn {
  const head = HEAD_H + s.lines.length * LINE_H;
  const w = Math.max(80, textWidth([s.key, ...s.lines]) + 2 * PAD + 8);
  if (!s.children.length) return { id: s.id, width: w, height: head + 6 };
  return {
    id: s.id,
    layoutOptions: {
      'elk.padding': `[top=${head + 12},left=16,bottom=16,right=16]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${w},${head + 20})`,
      ...(s.type === 'parallel' ? { 'elk.spacing.componentComponent': '24' } : {}),
    },
    children: s.children.map(toElk),
  };
}

interface ElkOutNode {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  children?: ElkOutNode[];
  edges?: ElkOutEdge[];
}
interface ElkPoint {
  x: number;
  y: number;
}
interface ElkOutEdge {
  id: string;
  sections?: Array<{ startPoint: ElkPoint; endPoint: ElkPoint; bendPoints?: ElkPoint[] }>;
  labels?: Array<{ x?: number; y?: number; width?: number; height?: number }>;
}

/** Runs ELK on a graph: in a Web Worker in the explorer (src/screens/machines/elkClient.ts), in-thread in Node. */
export type ElkRun = (graph: unknown) => Promise<unknown>;

export async function layoutMachine(machine: AnyStateMachine, run: ElkRun): Promise<Chart> {
  const { root, transitions } = readMachine(machine);
  const graph = {
    id: '__chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.layered.spacing.edgeNodeBetweenLayers': '16',
      'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeNode': '14',
      'elk.spacing.edgeEdge': '10',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.edgeLabels.sideSelection': 'SMART_DOWN',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [toElk(root)],
    edges: transitions.map((t) => ({
      id: t.id,
      sources: [t.source],
      targets: [t.target],
      labels: [{ text: t.label.join('\n'), width: textWidth(t.label) + 8, height: t.label.length * LINE_H + 4 }],
    })),
  };
  const out = (await run(graph)) as ElkOutNode;
  const byId = new Map<string, ElkOutNode>();
  const index = (n: ElkOutNode) => {
    byId.set(n.id, n);
    for (const c of n.children ?? []) index(c);
  };
  index(out);
  const place = (s: StateInfo): ChartNode => {
    const e = byId.get(s.id);
    return { ...s, x: e?.x ?? 0, y: e?.y ?? 0, w: e?.width ?? 0, h: e?.height ?? 0, children: s.children.map(place) };
  };
  const laid = new Map<string, ElkOutEdge>();
  const collect = (n: ElkOutNode) => {
    for (const e of n.edges ?? []) laid.set(e.id, e);
    for (const c of n.children ?? []) collect(c);
  };
  collect(out);
  const edges = transitions.map((t): ChartEdge => {
    const e = laid.get(t.id);
    const sec = e?.sections?.[0];
    const points = sec ? [sec.startPoint, ...(sec.bendPoints ?? []), sec.endPoint].map((p) => ({ x: p.x, y: p.y })) : [];
    const l = e?.labels?.[0];
    const mid = points[Math.floor(points.length / 2)] ?? { x: 0, y: 0 };
    return {
      ...t,
      points,
      labelBox: { x: l?.x ?? mid.x, y: l?.y ?? mid.y, w: l?.width ?? textWidth(t.label) + 8, h: l?.height ?? t.label.length * LINE_H + 4 },
    };
  });
  return { width: out.width ?? 400, height: out.height ?? 200, nodes: [place(root)], edges };
}
