/**
 * The machines' statecharts coloured by the UI coverage of this test run
 *, written as standalone SVG files for a pull request: the
 * explorer's own drawing (src/screens/machines/chartFile.tsx), coloured from
 * .tmp/model-coverage.json (written by scripts/coverageTable.mjs), one file
 * per machine in .tmp/coverage-charts/ with an index.html listing each
 * machine's coverage. `npm test` runs it after the coverage table and prints
 * where they are. A machine without a UI record is drawn uncoloured and the
 * index says so.
 *
 *   npx tsx scripts/coverageCharts.tsx [coverage.json] [out-dir]
 */
import fs from 'node:fs';
import path from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { MACHINES } from '../machines/index';
import { chartFile } from '../src/screens/machines/chartFile';
import { fraction, machineCoverage, parseCoverage } from '../src/screens/machines/coverageModel';

const source = process.argv[2] ?? '.tmp/model-coverage.json';
const out = process.argv[3] ?? '.tmp/coverage-charts';
const records = fs.existsSync(source) ? parseCoverage(JSON.parse(fs.readFileSync(source, 'utf8'))) : [];
const elk = new ELK();
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const rows: string[] = [];
for (const { name, machine } of MACHINES) {
  const coverage = machineCoverage(records, name);
  fs.writeFileSync(path.join(out, `${name}.svg`), await chartFile(machine, coverage, (g) => elk.layout(g as never)));
  const figures = coverage
    ? `states ${fraction(coverage, 'states')}, transitions ${fraction(coverage, 'transitions')}, ${coverage.runs} UI runs`
    : 'no UI record in this run';
  rows.push(`<li><a href="${escape(name)}.svg">${escape(name)}</a>: ${escape(figures)}</li>`);
}
fs.writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>UI coverage of the machines</title>\n<h1>UI coverage of the machines</h1>\n` +
    `<p>From ${escape(source)}${records.length ? '' : ' (no records: every chart is uncoloured)'}.</p>\n<ul>\n${rows.join('\n')}\n</ul>\n`,
);
console.log(`coverage charts: ${MACHINES.length} machines as SVG in ${path.resolve(out)} (index.html lists them)`);
