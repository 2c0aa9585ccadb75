import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatsChart as Chart } from '../../../core/console/schemas/stats';
import { t } from '../../i18n';
import { cellText, columnName } from './labels';

/** Series colours: the console's chart roles (stats.css), read when drawn so the theme decides. */
const ROLES = ['--c-chart-1', '--c-chart-2', '--c-chart-3', '--c-chart-4'];

/** What the chart shows, in words: each series' total and its highest bucket (the table beside it has every figure). */
function chartSummary(chart: Chart, shares: boolean): string {
  return chart.series
    .map((s) => {
      let top = 0;
      s.values.forEach((v, i) => {
        if (v > (s.values[top] ?? 0)) top = i;
      });
      const total = s.values.reduce((a, b) => a + b, 0);
      const name = columnName(s.name);
      const at = chart.buckets[top] ?? '—';
      // Shares of one whole add up to nothing meaningful: only their highest is told.
      if (shares) return t('console.stats.chartShare', { name, peak: cellText('pct', s.values[top] ?? 0), at });
      return t('console.stats.chartSeries', { name, total: cellText('int', total), peak: cellText('int', s.values[top] ?? 0), at });
    })
    .join(' ');
}

/**
 * A dashboard chart drawn with uPlot: one line per series over the
 * period's buckets, coloured and lettered from the console's tokens. The
 * canvas is hidden from screen readers; the figure's caption says what it
 * shows and the sortable table beside it holds every figure.
 */
export function StatsChart({
  chart,
  title,
  shares = false,
  dots = false,
}: {
  chart: Chart;
  title: string;
  shares?: boolean;
  dots?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || chart.buckets.length === 0) return;
    const css = getComputedStyle(el);
    const color = (name: string) => css.getPropertyValue(name).trim();
    const axis = { stroke: color('--c-muted'), grid: { stroke: color('--c-surface-2') }, ticks: { stroke: color('--c-surface-2') } };
    // uPlot is loaded with the first chart: only the statistics screen pays for it (it also reads matchMedia as it loads).
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let gone = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      plot = new UPlot(
        {
          width: Math.max(280, el.clientWidth),
          height: 240,
          // The legend names the series; the figures are in the caption and the table (no live values that read "--").
          legend: { show: true, live: false },
          cursor: { show: true },
          // Buckets that are not a time line (releases) are dots in columns, each labelled, none at the frame's edge.
          scales: {
            x: dots ? { time: false, range: () => [-0.5, chart.buckets.length - 0.5] } : { time: false },
            // A share's axis runs from none to all, so a drop is seen at its true size.
            ...(shares ? { y: { range: [0, 1] as [number, number] } } : {}),
          },
          axes: [
            {
              ...axis,
              ...(dots ? { splits: () => chart.buckets.map((_, i) => i) } : {}),
              values: (_u, ticks) => ticks.map((i) => (Number.isInteger(i) ? (chart.buckets[i] ?? '') : '')),
            },
            {
              ...axis,
              // Counts step by whole numbers (no 0.5 of a reader).
              ...(shares ? {} : { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 1e7] }),
              values: (_u, ticks) => ticks.map((v) => cellText(shares ? 'pct' : 'int', v)),
            },
          ],
          series: [
            { label: t('console.stats.col.bucket') },
            ...chart.series.map((s, i) => ({
              label: columnName(s.name),
              stroke: color(ROLES[i % ROLES.length]),
              width: 2,
              ...(dots ? { paths: () => null, points: { show: true, size: 10, fill: color(ROLES[i % ROLES.length]) } } : {}),
            })),
          ],
        },
        [chart.buckets.map((_, i) => i), ...chart.series.map((s) => s.values)],
        el,
      );
      const drawn = plot;
      resize = new ResizeObserver(() => drawn.setSize({ width: Math.max(280, el.clientWidth), height: 240 }));
      resize.observe(el);
    });
    return () => {
      gone = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [chart, shares, dots]);
  // Nothing to draw (no release in the period, no page reached): say so rather than leave an empty frame.
  const empty = chart.buckets.length === 0;
  return (
    <figure className="c-stats__chart">
      <figcaption>
        <strong>{title}</strong> <span className="c-stats__summary">{empty ? t('console.stats.empty') : chartSummary(chart, shares)}</span>
      </figcaption>
      {empty ? null : <div ref={box} className="c-stats__plot" aria-hidden="true" />}
    </figure>
  );
}
