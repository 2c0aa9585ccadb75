import type { MachineCoverage } from './coverageModel';

/**
 * What the chart marks on top of the drawing: coverage (by how many UI runs
 * took each state and transition; uncovered ones red; listed exceptions amber
 * with their reason), a path being shown, and two compared routes. Colours
 * are inline in the SVG (not CSS) so an exported chart keeps them.
 */
export interface Mark {
  colour: string;
  /** A word for tests and the legend: covered, uncovered, excepted, path, path-now, route-a, route-b. */
  kind: string;
  /** Shown on hover and kept in the exported SVG. */
  title?: string;
  /** UI runs that took it (coverage marks). */
  count?: number;
}

export interface ChartMarks {
  /** State id → mark. */
  states: Map<string, Mark>;
  /** Transition key → marks (two compared routes may share an edge). */
  edges: Map<string, Mark[]>;
}

export const MARK_COLOURS = {
  covered: ['#2ea043', '#3fb950', '#7ee787'],
  uncovered: '#f85149',
  excepted: '#d29922',
  path: '#d2a8ff',
  pathNow: '#ffdf5d',
  routeA: '#58a6ff',
  routeB: '#ff7b72',
};

/** Darker green for one run, lighter for more: the more runs took it, the brighter. */
function coveredColour(count: number, runs: number): string {
  const share = runs <= 1 ? 1 : (count - 1) / (runs - 1);
  const c = MARK_COLOURS.covered;
  return c[Math.min(c.length - 1, Math.floor(share * c.length))];
}

function mark(key: string, count: number, runs: number, exceptions: Map<string, string>): Mark {
  if (count > 0) return { colour: coveredColour(count, runs), kind: 'covered', count, title: `${key}: ${count}/${runs} UI runs` };
  const why = exceptions.get(key);
  if (why !== undefined) return { colour: MARK_COLOURS.excepted, kind: 'excepted', count: 0, title: `${key}: exception: ${why}` };
  return { colour: MARK_COLOURS.uncovered, kind: 'uncovered', count: 0, title: `${key}: no UI run` };
}

export function coverageMarks(c: MachineCoverage): ChartMarks {
  return {
    states: new Map(c.totalStates.map((s) => [s, mark(s, c.states.get(s) ?? 0, c.runs, c.exceptions)])),
    edges: new Map(c.totalTransitions.map((t) => [t, [mark(t, c.transitions.get(t) ?? 0, c.runs, c.exceptions)]])),
  };
}

/** Marks for one or two routes (transition keys in order, with the states they pass); the second drawn beside the first. */
export function routeMarks(routes: Array<{ states: string[]; edges: string[]; mark: Mark }>): ChartMarks {
  const out: ChartMarks = { states: new Map(), edges: new Map() };
  for (const r of routes) {
    for (const s of r.states) if (!out.states.has(s)) out.states.set(s, r.mark);
    for (const e of r.edges) {
      const list = out.edges.get(e) ?? [];
      if (!list.some((m) => m.kind === r.mark.kind)) list.push(r.mark);
      out.edges.set(e, list);
    }
  }
  return out;
}
