import ELK from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * A machine as a graph for drawing: state nodes (nested as children),
 * transitions as labelled edges (event, guard, "always"), laid out by ELK.
 * Pure data; the screen draws it as SVG.
 */
export interface ChartNode {
  id: string;
  label: string;
  type: string;
  initial: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
  children: ChartNode[];
}

interface ChartEdge {
  id: string;
  source: string;
  target: string;
  label: string;
  points: { x: number; y: number }[];
  labelX: number;
  labelY: number;
}

export interface Chart {
  width: number;
  height: number;
  nodes: ChartNode[];
  edges: ChartEdge[];
}

const CHAR_W = 7;

function guardName(g: unknown): string {
  if (!g) return '';
  if (typeof g === 'string') return g;
  if (typeof g === 'object' && g && 'type' in g) return String((g as { type: string }).type);
  return 'guard';
}

interface RawEdge {
  id: string;
  source: string;
  target: string;
  label: string;
}

function edgesOf(machine: AnyStateMachine): RawEdge[] {
  const out: RawEdge[] = [];
  const walk = (n: AnyStateNode) => {
    for (const [type, defs] of n.transitions) {
      (defs as Array<{ target?: readonly AnyStateNode[]; guard?: unknown }>).forEach((d, i) => {
        const targets = d.target?.length ? d.target : [n];
        for (const t of targets) {
          const g = guardName(d.guard);
          out.push({ id: `${n.id}|${type}|${i}|${t.id}`, source: n.id, target: t.id, label: `${type}${g ? ` [${g}]` : ''}` });
        }
      });
    }
    ((n.always ?? []) as Array<{ target?: readonly AnyStateNode[]; guard?: unknown }>).forEach((d, i) => {
      for (const t of d.target ?? []) {
        const g = guardName(d.guard);
        out.push({ id: `${n.id}|always|${i}|${t.id}`, source: n.id, target: t.id, label: `always${g ? ` [${g}]` : ''}` });
      }
    });
    for (const c of Object.values(n.states ?? {})) walk(c as AnyStateNode);
  };
  walk(machine.root);
  return out;
}

export async function layoutMachine(machine: AnyStateMachine): Promise<Chart> {
  const elk = new ELK();
  const toElk = (n: AnyStateNode): Record<string, unknown> => {
    const kids = Object.values(n.states ?? {}) as AnyStateNode[];
    const base = { id: n.id, labels: [{ text: n.key }] };
    if (kids.length === 0) return { ...base, width: Math.max(90, n.key.length * CHAR_W + 28), height: 40 };
    return { ...base, layoutOptions: { 'elk.padding': '[top=34,left=14,bottom=14,right=14]' }, children: kids.map(toElk) };
  };
  const edges = edgesOf(machine);
  const graph = {
    id: '__root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '70',
      'elk.spacing.nodeNode': '30',
      'elk.edgeLabels.inline': 'false',
      'elk.spacing.edgeLabel': '4',
    },
    children: [toElk(machine.root)],
    edges: edges.map((e) => ({
      id: e.id,
      sources: [e.source],
      targets: [e.target],
      labels: [{ text: e.label, width: e.label.length * CHAR_W, height: 14 }],
    })),
  };
  const res = (await elk.layout(graph as never)) as unknown as ElkOut;
  const nodes: ChartNode[] = [];
  const byId = new Map<string, AnyStateNode>();
  const index = (n: AnyStateNode) => {
    byId.set(n.id, n);
    for (const c of Object.values(n.states ?? {})) index(c as AnyStateNode);
  };
  index(machine.root);
  const offsets = new Map<string, { x: number; y: number }>();
  const conv = (e: ElkOut, ox: number, oy: number): ChartNode => {
    const sn = byId.get(e.id)!;
    const x = ox + (e.x ?? 0);
    const y = oy + (e.y ?? 0);
    offsets.set(e.id, { x, y });
    const parent = sn.parent;
    const initialOfParent = parent?.initial?.target?.[0] === sn;
    return {
      id: e.id,
      label: sn === machine.root ? machine.id : sn.key,
      type: sn.type,
      initial: !!initialOfParent,
      x,
      y,
      w: e.width ?? 0,
      h: e.height ?? 0,
      children: (e.children ?? []).map((c) => conv(c, x, y)),
    };
  };
  for (const c of res.children ?? []) nodes.push(conv(c, 0, 0));
  // ELK gives edge coordinates relative to the edge's container.
  const collect = (e: ElkOut, acc: Array<{ edge: ElkEdge; ox: number; oy: number }>, ox: number, oy: number) => {
    for (const ed of e.edges ?? []) acc.push({ edge: ed, ox, oy });
    for (const c of e.children ?? []) collect(c, acc, ox + (c.x ?? 0), oy + (c.y ?? 0));
    return acc;
  };
  const all = collect(res, [], 0, 0);
  const labels = new Map(edges.map((e) => [e.id, e]));
  const outEdges: ChartEdge[] = all.map(({ edge, ox, oy }) => {
    const raw = labels.get(edge.id)!;
    const sec = edge.sections?.[0];
    const pts = sec ? [sec.startPoint, ...(sec.bendPoints ?? []), sec.endPoint].map((p) => ({ x: p.x + ox, y: p.y + oy })) : [];
    const l = edge.labels?.[0];
    const mid = pts[Math.floor(pts.length / 2)] ?? { x: 0, y: 0 };
    return {
      id: edge.id,
      source: raw.source,
      target: raw.target,
      label: raw.label,
      points: pts,
      labelX: l ? (l.x ?? 0) + ox : mid.x,
      labelY: l ? (l.y ?? 0) + oy : mid.y,
    };
  });
  return { width: (res.width ?? 400) + 20, height: (res.height ?? 200) + 20, nodes, edges: outEdges };
}

interface ElkEdge {
  id: string;
  sections?: Array<{
    startPoint: { x: number; y: number };
    endPoint: { x: number; y: number };
    bendPoints?: Array<{ x: number; y: number }>;
  }>;
  labels?: Array<{ x?: number; y?: number; text: string }>;
}
interface ElkOut {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  children?: ElkOut[];
  edges?: ElkEdge[];
}

/** The machine definition as JSON (functions dropped). */
export function machineJson(machine: AnyStateMachine): string {
  const seen = new WeakSet();
  return JSON.stringify(
    machine.definition,
    (_k, v: unknown) => {
      if (typeof v === 'function') return undefined;
      if (v && typeof v === 'object') {
        if (seen.has(v)) return undefined;
        seen.add(v);
      }
      return v;
    },
    2,
  );
}
