import { t } from '../../i18n';
import type { SentEvent } from './recorder';

/**
 * Events between actors over time as an SVG sequence diagram: one lifeline
 * per actor that sent events to or received them from the followed actor
 * (and "outside" for events the UI sent), one arrow per event, oldest on top.
 */
const LANE_W = 170;
const ROW_H = 26;
const TOP = 34;
const MAX_ROWS = 40;

export function SequenceDiagram({ focus, sent, names }: { focus: string; sent: SentEvent[]; names: Map<string, string> }) {
  const mine = sent.filter((s) => s.target === focus || s.source === focus).slice(-MAX_ROWS);
  const OUTSIDE = '__outside';
  const lanes: string[] = [focus];
  for (const s of mine) for (const k of [s.source ?? OUTSIDE, s.target]) if (!lanes.includes(k)) lanes.push(k);
  const x = (k: string) => lanes.indexOf(k) * LANE_W + LANE_W / 2;
  const width = lanes.length * LANE_W;
  const height = TOP + mine.length * ROW_H + 12;
  const label = (k: string) => (k === OUTSIDE ? t('machines.fromOutside') : (names.get(k) ?? k));
  return (
    <section className="sequence" aria-label={t('machines.sequence')}>
      <h3>{t('machines.sequence')}</h3>
      {mine.length === 0 ? <p className="muted">{t('machines.noEvents')}</p> : null}
      <div className="sequence__pane">
        <svg
          xmlns="http://www.w3.org/2000/svg"
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          data-testid="sequence"
          role="img"
          style={{ background: '#0b0d10', display: 'block' }}
        >
          <defs>
            <marker id="seq-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto">
              <path d="M0 0L10 5L0 10z" fill="#8fb8e6" />
            </marker>
          </defs>
          {lanes.map((k) => (
            <g key={k} data-lane={k}>
              <rect x={x(k) - LANE_W / 2 + 6} y={4} width={LANE_W - 12} height={22} rx={4} fill={k === focus ? '#15395e' : '#1b2230'} />
              <text x={x(k)} y={19} textAnchor="middle" fill="#e6edf3" fontSize={11} fontFamily="system-ui, sans-serif">
                {label(k).slice(0, 24)}
              </text>
              <line x1={x(k)} y1={26} x2={x(k)} y2={height} stroke="#3a4658" strokeDasharray="3 3" />
            </g>
          ))}
          {mine.map((s, i) => {
            const y = TOP + i * ROW_H + 14;
            const from = x(s.source ?? OUTSIDE);
            const to = x(s.target);
            const self = from === to;
            return (
              <g key={`${s.target}:${s.seq}`} data-seq-event={s.type}>
                {self ? (
                  <path d={`M${from} ${y - 6}h24v10h-22`} fill="none" stroke="#8fb8e6" markerEnd="url(#seq-arrow)" />
                ) : (
                  <line x1={from} y1={y} x2={to} y2={y} stroke="#8fb8e6" markerEnd="url(#seq-arrow)" />
                )}
                <text
                  x={self ? from + 28 : (from + to) / 2}
                  y={y - 4}
                  textAnchor={self ? 'start' : 'middle'}
                  fill="#d7e0ea"
                  fontSize={10}
                  fontFamily="ui-monospace, monospace"
                >
                  {s.type.length > 28 ? `${s.type.slice(0, 27)}…` : s.type}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </section>
  );
}
