import { memo, type Ref } from 'react';
import { CHAR_W, HEAD_H, LINE_H, type Chart, type ChartEdge, type ChartNode } from './chart';
import type { ChartMarks, Mark } from './chartMarks';

/**
 * The statechart as SVG with every style inline (attributes, not CSS
 * classes), so the exported file looks the same outside the app. States
 * are boxes with their entry/exit actions, invocations, tags and internal
 * transitions; regions of a parallel state are dashed; transitions are ELK's
 * orthogonal routes with their labels (event [guard] / actions).
 */
export const CHART_BG = '#0b0d10';
const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace';
const C = {
  node: '#1b2230',
  nodeLine: '#3a4658',
  active: '#15395e',
  activeLine: '#4da3ff',
  text: '#e6edf3',
  muted: '#a9b6c6',
  edge: '#8494a7',
  edgeActive: '#4da3ff',
  label: '#d7e0ea',
};

export type Pick = { kind: 'state'; id: string } | { kind: 'transition'; source: string; event: string; key: string };

interface Props {
  chart: Chart;
  active: Set<string>;
  viewBox: string;
  svgRef?: Ref<SVGSVGElement>;
  onPick?: (p: Pick) => void;
  /** Coverage, a path or compared routes drawn over the chart. */
  marks?: ChartMarks | null | undefined;
}

interface NodeProps {
  n: ChartNode;
  active: Set<string>;
  onPick?: Props['onPick'];
  marks?: ChartMarks | null | undefined;
}

/** Ids of a state and every state inside it, once per layout (a live step compares them, it does not walk the tree). */
const subtrees = new WeakMap<ChartNode, string[]>();
function idsIn(n: ChartNode): string[] {
  let ids = subtrees.get(n);
  if (!ids) {
    ids = [n.id, ...n.children.flatMap(idsIn)];
    subtrees.set(n, ids);
  }
  return ids;
}

/**
 * A state box and the boxes inside it, memoised: a live step re-renders the states whose activity changed (and the
 * boxes around them), not the whole drawing.
 */
const NodeBox = memo(function NodeBox({ n, active, onPick, marks }: NodeProps) {
  const on = active.has(n.id);
  const m = marks?.states.get(n.id);
  const compound = n.children.length > 0;
  const region = n.region;
  return (
    <g
      data-state-id={n.id}
      data-active={on ? 'true' : 'false'}
      className={`sc-node${on ? ' sc-node--active' : ''}${compound ? ' sc-node--compound' : ''}`}
      data-mark={m?.kind}
      data-coverage={m?.count}
    >
      {m?.title ? <title>{m.title}</title> : null}
      <rect
        x={n.x}
        y={n.y}
        width={n.w}
        height={n.h}
        rx={region ? 2 : 8}
        fill={region ? 'none' : on ? C.active : C.node}
        fillOpacity={compound && !region ? 0.45 : 1}
        stroke={m ? m.colour : on ? C.activeLine : region ? C.muted : C.nodeLine}
        strokeWidth={m ? 3 : on ? 2 : 1}
        strokeDasharray={region ? '6 4' : undefined}
        style={{ cursor: onPick ? 'pointer' : undefined }}
        onClick={onPick ? () => onPick({ kind: 'state', id: n.id }) : undefined}
      />
      {n.type === 'final' ? <rect x={n.x + 3} y={n.y + 3} width={n.w - 6} height={n.h - 6} rx={6} fill="none" stroke={C.nodeLine} /> : null}
      {n.initial ? (
        <g>
          <circle cx={n.x - 9} cy={n.y + 13} r={4} fill={C.muted} />
          <line x1={n.x - 5} y1={n.y + 13} x2={n.x} y2={n.y + 13} stroke={C.muted} strokeWidth={1.5} />
        </g>
      ) : null}
      <text x={n.x + 10} y={n.y + 17} fill={C.text} fontFamily={FONT} fontSize={12} fontWeight={700}>
        {n.key}
        {n.type === 'parallel' ? ' ∥' : ''}
        {n.type === 'history' ? ' (H)' : ''}
      </text>
      {n.lines.map((l, i) => (
        <text key={l + String(i)} x={n.x + 10} y={n.y + HEAD_H + 8 + i * LINE_H} fill={C.muted} fontFamily={FONT} fontSize={11}>
          {l}
        </text>
      ))}
      {n.children.map((c) => (
        <NodeBox key={c.id} n={c} active={active} marks={marks} {...(onPick ? { onPick } : {})} />
      ))}
    </g>
  );
}, sameNode);

function sameNode(p: NodeProps, q: NodeProps): boolean {
  if (p.n !== q.n || p.marks !== q.marks || p.onPick !== q.onPick) return false;
  return p.active === q.active || idsIn(p.n).every((id) => p.active.has(id) === q.active.has(id));
}

/** An edge's route as a polyline's points, once per layout. */
const routes = new WeakMap<ChartEdge, string>();
function pointsOf(e: ChartEdge): string {
  let points = routes.get(e);
  if (points === undefined) {
    points = e.points.map((p) => `${p.x},${p.y}`).join(' ');
    routes.set(e, points);
  }
  return points;
}

/** A transition's route and label, memoised: it renders again when it turns on or off, or its marks change. */
const Edge = memo(function Edge({
  e,
  on,
  onPick,
  marks,
}: {
  e: ChartEdge;
  on: boolean;
  onPick?: Props['onPick'];
  marks?: Mark[] | undefined;
}) {
  const b = e.labelBox;
  const points = pointsOf(e);
  return (
    <g
      className="sc-edge"
      data-edge-id={e.id}
      data-key={e.key}
      data-source={e.source}
      data-target={e.target}
      data-edge={e.label[0]}
      data-mark={marks?.map((m) => m.kind).join(' ')}
      data-coverage={marks?.[0]?.count}
    >
      {marks?.[0]?.title ? <title>{marks.map((m) => m.title).join('\n')}</title> : null}
      {/* Each mark is a wide line under the edge, the second one dashed so two routes on one edge both show. */}
      {marks?.map((m, i) => (
        <polyline
          key={m.kind}
          points={points}
          fill="none"
          stroke={m.colour}
          strokeOpacity={0.85}
          strokeWidth={i === 0 ? 5 : 3}
          strokeDasharray={i === 0 ? undefined : '8 6'}
          strokeLinejoin="round"
        />
      ))}
      <polyline
        points={points}
        fill="none"
        stroke={on ? C.edgeActive : C.edge}
        strokeWidth={1.4}
        markerEnd={on ? 'url(#sc-arrow-on)' : 'url(#sc-arrow)'}
      />
      <g
        style={{ cursor: onPick ? 'pointer' : undefined }}
        onClick={onPick ? () => onPick({ kind: 'transition', source: e.source, event: e.event, key: e.key }) : undefined}
      >
        <rect x={b.x} y={b.y} width={b.w} height={b.h} rx={3} fill={CHART_BG} fillOpacity={0.85} />
        {e.label.map((l, i) => (
          <text
            key={l}
            x={b.x + 4}
            y={b.y + 13 + i * LINE_H}
            fill={i === 0 ? C.label : C.muted}
            fontFamily={FONT}
            fontSize={11}
            textLength={l.length * CHAR_W > b.w - 8 ? b.w - 8 : undefined}
          >
            {l}
          </text>
        ))}
      </g>
    </g>
  );
});

export function Statechart({ chart, active, viewBox, svgRef, onPick, marks }: Props) {
  return (
    <svg
      ref={svgRef}
      className="statechart"
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox}
      width="100%"
      height="100%"
      role="img"
      style={{ background: CHART_BG, display: 'block' }}
    >
      <defs>
        <marker id="sc-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0L10 5L0 10z" fill={C.edge} />
        </marker>
        <marker id="sc-arrow-on" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0L10 5L0 10z" fill={C.edgeActive} />
        </marker>
      </defs>
      {chart.nodes.map((n) => (
        <NodeBox key={n.id} n={n} active={active} marks={marks} {...(onPick ? { onPick } : {})} />
      ))}
      {chart.edges.map((e) => (
        <Edge key={e.id} e={e} on={active.has(e.source)} marks={marks?.edges.get(e.key)} {...(onPick ? { onPick } : {})} />
      ))}
    </svg>
  );
}

/** The chart as a standalone SVG file: the drawing as shown, with its size and background. */
export function standaloneSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const box = svg.getBoundingClientRect();
  copy.setAttribute('width', String(Math.round(box.width)));
  copy.setAttribute('height', String(Math.round(box.height)));
  copy.setAttribute('style', `background: ${CHART_BG}; display: block`);
  return new XMLSerializer().serializeToString(copy);
}
