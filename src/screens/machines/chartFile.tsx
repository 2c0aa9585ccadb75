import type { AnyStateMachine } from 'xstate';
import { renderToStaticMarkup } from 'react-dom/server';
import { layoutMachine, type ElkRun } from './chart';
import { CHART_BG, Statechart } from './Statechart';
import { coverageMarks } from './chartMarks';
import type { MachineCoverage } from './coverageModel';

const MARGIN = 16;

/**
 * A machine's statechart as a standalone SVG file, coloured by its UI
 * coverage when given (uncoloured without): the explorer's own drawing
 * (Statechart, laid out by ELK as in the page), rendered without a page, for
 * scripts/coverageCharts.tsx (the charts `npm test` writes for a pull request).
 */
export async function chartFile(machine: AnyStateMachine, coverage: MachineCoverage | null, run: ElkRun): Promise<string> {
  const chart = await layoutMachine(machine, run);
  const w = Math.ceil(chart.width + 2 * MARGIN);
  const h = Math.ceil(chart.height + 2 * MARGIN);
  const svg = renderToStaticMarkup(
    <Statechart
      chart={chart}
      active={new Set()}
      viewBox={`${-MARGIN} ${-MARGIN} ${w} ${h}`}
      marks={coverage ? coverageMarks(coverage) : null}
    />,
  )
    // A file of its own: its size in pixels, not the pane's, and its background painted (an <img> of an SVG, as a
    // pull request shows it, or an SVG renderer may not paint the root's CSS background).
    .replace('width="100%" height="100%"', `width="${w}" height="${h}"`)
    .replace('<defs>', `<rect x="${-MARGIN}" y="${-MARGIN}" width="${w}" height="${h}" fill="${CHART_BG}"/><defs>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`;
}
