import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type Ref } from 'react';
import { t } from '../../i18n';
import type { Chart, ChartNode } from './chart';
import type { ChartMarks } from './chartMarks';
import { Statechart, type Pick } from './Statechart';

/**
 * The statechart in a pane (keyed by machine: a new chart starts fitted) that pans (drag), zooms (wheel at the pointer,
 * buttons), fits the whole chart, and brings the active state into view.
 */
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const MARGIN = 16;

function fitBox(chart: Chart): Box {
  return { x: -MARGIN, y: -MARGIN, w: chart.width + 2 * MARGIN, h: chart.height + 2 * MARGIN };
}

/** The deepest active state (the one to bring into view). */
function deepestActive(nodes: ChartNode[], active: Set<string>): ChartNode | undefined {
  for (const n of nodes)
    if (active.has(n.id)) {
      const inner = deepestActive(n.children, active);
      return inner ?? n;
    }
  return undefined;
}

export function ChartView({
  chart,
  active,
  svgRef,
  onPick,
  marks,
}: {
  chart: Chart;
  active: Set<string>;
  marks?: ChartMarks | null | undefined;
  svgRef: Ref<SVGSVGElement>;
  onPick: (p: Pick) => void;
}) {
  const { box, setBox, pane, zoom, onDown, onMove, endDrag } = usePanZoom(chart);
  const toActive = () => {
    const n = deepestActive(chart.nodes, active);
    if (!n) return;
    setBox((b) => {
      const w = Math.min(b.w, Math.max(n.w * 3, 400));
      const h = (b.h * w) / b.w;
      return { x: n.x + n.w / 2 - w / 2, y: n.y + n.h / 2 - h / 2, w, h };
    });
  };
  return (
    <div className="chart-view">
      <ChartTools chart={chart} box={box} setBox={setBox} zoom={zoom} toActive={toActive} />
      <div
        ref={pane}
        className="chart-view__pane"
        // About as tall as the chart (at most most of the window): small charts are not blown up, flat ones leave no empty band.
        style={{ height: `min(70vh, ${Math.round((chart.height + 2 * MARGIN) * 1.25)}px)` }}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <Statechart
          chart={chart}
          active={active}
          viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
          svgRef={svgRef}
          onPick={onPick}
          marks={marks}
        />
      </div>
    </div>
  );
}

/** The chart's view box: zoomed by the wheel around the pointer or by a factor, panned by a drag on the background. */
function usePanZoom(chart: Chart) {
  const [box, setBox] = useState<Box>(() => fitBox(chart));
  const pane = useRef<HTMLDivElement>(null);
  /** Zooms by a factor around a point given as fractions of the pane (0.5, 0.5 is the middle). */
  const zoom = useCallback((factor: number, fx = 0.5, fy = 0.5) => {
    setBox((b) => {
      const w = Math.min(Math.max(b.w / factor, 60), 20000);
      const h = (b.h * w) / b.w;
      return { x: b.x + (b.w - w) * fx, y: b.y + (b.h - h) * fy, w, h };
    });
  }, []);
  useEffect(() => {
    const el = pane.current;
    if (!el) return undefined;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      zoom(Math.exp(-e.deltaY * 0.0015), (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoom]);
  const drag = useRef<{ x: number; y: number; box: Box } | null>(null);
  const onDown = (e: ReactPointerEvent) => {
    if (e.button !== 0 || (e.target as Element).closest('[data-state-id] rect, .sc-edge g')) return;
    drag.current = { x: e.clientX, y: e.clientY, box };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    const el = pane.current;
    if (!d || !el) return;
    // The viewBox is fitted into the pane (meet): one screen pixel is this many chart units.
    const r = el.getBoundingClientRect();
    const scale = Math.max(d.box.w / r.width, d.box.h / r.height);
    setBox({ ...d.box, x: d.box.x - (e.clientX - d.x) * scale, y: d.box.y - (e.clientY - d.y) * scale });
  };
  const endDrag = () => {
    drag.current = null;
  };
  return { box, setBox, pane, zoom, onDown, onMove, endDrag };
}

/** Zoom in and out, fit, go to the active state, and the zoom in percent. */
function ChartTools({
  chart,
  box,
  setBox,
  zoom,
  toActive,
}: {
  chart: Chart;
  box: Box;
  setBox: (b: Box) => void;
  zoom: (factor: number) => void;
  toActive: () => void;
}) {
  const percent = Math.round((fitBox(chart).w / box.w) * 100);
  return (
    <div className="chart-view__tools" role="toolbar" aria-label={t('machines.chartTools')}>
      <button type="button" className="chip" onClick={() => zoom(1.25)} aria-label={t('machines.zoomIn')}>
        +
      </button>
      <button type="button" className="chip" onClick={() => zoom(0.8)} aria-label={t('machines.zoomOut')}>
        −
      </button>
      <button type="button" className="chip" onClick={() => setBox(fitBox(chart))}>
        {t('machines.fit')}
      </button>
      <button type="button" className="chip" onClick={toActive}>
        {t('machines.toActive')}
      </button>
      <span className="muted" data-testid="zoom">
        {percent}%
      </span>
    </div>
  );
}
