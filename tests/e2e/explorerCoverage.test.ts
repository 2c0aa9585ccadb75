import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { MARK_COLOURS } from '../../src/screens/machines/chartMarks';
import { foundAsRecordedPath, pathToTransition } from '../../src/screens/machines/pathToEdge';
import { offeredEvents, presetInputs } from '../../src/screens/machines/presets';
import { loadRecordedPath, recordedMismatches } from '../model/recordedPath';
import { machineOf, uiRecord } from './explorerFixtures';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/**
 * Coverage on the explorer's chart: a coverage run of three machines gathered
 * by scripts/coverageTable.mjs, dropped on the explorer; the list and every
 * state and edge agree with the table; the shortest path to an uncovered edge
 * shown step by step and exported; the coloured chart exported as SVG.
 */
const DIR = path.resolve('.tmp/explorer-coverage', `run${process.pid}`);
const UNCOVERED = 'favoriteToggle.unsubscribing favorite.failed#0';
const EXCEPTED = 'favoriteToggle.subscribed error.dismiss#0';

function writeRecords(): string {
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(path.join(DIR, 'records'), { recursive: true });
  const records = [
    uiRecord('commentSort'),
    // Two runs of chapterSort, each taking one side: every state and transition taken by one run or both.
    uiRecord('chapterSort', { transitions: ['chapterSort.oldestFirst sort.toggle#0'] }),
    uiRecord('chapterSort', { transitions: ['chapterSort.newestFirst sort.toggle#0'] }),
    uiRecord(
      'favoriteToggle',
      { transitions: [UNCOVERED, EXCEPTED] },
      { transitions: { [EXCEPTED]: 'the error bar is dismissed only while an error shows, which this page never does' } },
    ),
  ];
  records.forEach((r, i) => fs.writeFileSync(path.join(DIR, 'records', `${r.name}.${i}.json`), JSON.stringify(r)));
  return path.join(DIR, 'gathered.json');
}

/** The table's UI columns for a machine, as printed. */
function tableRow(out: string, name: string): { states: string; transitions: string } {
  const line = out.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no row for ${name} in:\n${out}`);
  const m = /^\S+\s+(\d+\/\d+ [\d.]+%)\s+(\d+\/\d+ [\d.]+%)/.exec(line);
  if (!m) throw new Error(`unreadable row: ${line}`);
  return { states: m[1], transitions: m[2] };
}

async function marksOnChart(page: Page) {
  return page.evaluate(() => ({
    states: Object.fromEntries(
      [...document.querySelectorAll<SVGGElement>('svg.statechart [data-state-id]')].map((g) => [
        g.dataset.stateId!,
        `${g.dataset.mark ?? ''}:${g.dataset.coverage ?? ''}`,
      ]),
    ),
    edges: Object.fromEntries(
      [...document.querySelectorAll<SVGGElement>('svg.statechart .sc-edge')].map((g) => [
        g.dataset.key!,
        `${g.dataset.mark ?? ''}:${g.dataset.coverage ?? ''}`,
      ]),
    ),
  }));
}

describe('machine explorer: coverage on the chart', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(DIR, { recursive: true, force: true });
  });

  it('colours three machines as the coverage table counts them; a path to an uncovered edge reaches it; the chart exports as SVG', async () => {
    const gathered = writeRecords();
    const run = spawnSync('node', ['scripts/coverageTable.mjs'], {
      encoding: 'utf8',
      env: { ...process.env, MODEL_COVERAGE_DIR: path.join(DIR, 'records'), MODEL_COVERAGE_FILE: gathered },
    });
    // The other machines have no UI record here: the table fails, and still says where the gathered record is.
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`Coverage on the charts: ${gathered}`);

    const ctx = await newContext(browser, 'desktop', base);
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${base}/machines/commentSort`);
    await page.locator('svg.statechart').waitFor();
    await page.getByTestId('load-coverage').setInputFiles(gathered);
    await page.locator('[data-machine="favoriteToggle"] [data-testid="list-coverage"]').waitFor();

    const expected: Record<string, { runs: number; exception?: string; missing?: string }> = {
      commentSort: { runs: 1 },
      chapterSort: { runs: 2 },
      favoriteToggle: { runs: 1, exception: EXCEPTED, missing: UNCOVERED },
    };
    for (const name of Object.keys(expected)) {
      const row = tableRow(run.stdout, name);
      const item = page.locator(`[data-machine="${name}"] [data-testid="list-coverage"]`);
      expect({ states: await item.getAttribute('data-states'), transitions: await item.getAttribute('data-transitions') }, name).toEqual(
        row,
      );

      // To the machine through the list (the record stays loaded), then every state and edge against the records.
      await page.locator(`[data-machine="${name}"] a`).click();
      await page.waitForFunction((n) => document.querySelector('[data-testid="machine-name"]')?.textContent === n, name);
      await page.locator('svg.statechart .sc-edge[data-mark]').first().waitFor();
      const shown = await marksOnChart(page);
      const file = JSON.parse(fs.readFileSync(gathered, 'utf8')) as { records: Array<ReturnType<typeof uiRecord>> };
      const records = file.records.filter((r) => r.name === name);
      for (const [id, got] of Object.entries(shown.states)) {
        const n = records.filter((r) => r.states.includes(id)).length;
        expect(got, `${name} state ${id}`).toBe(n ? `covered:${n}` : `uncovered:0`);
      }
      for (const [key, got] of Object.entries(shown.edges)) {
        const n = records.filter((r) => r.transitions.includes(key)).length;
        const want = n ? `covered:${n}` : key === expected[name].exception ? 'excepted:0' : 'uncovered:0';
        expect(got, `${name} edge ${key}`).toBe(want);
      }
      expect(Object.keys(shown.edges).length, name).toBeGreaterThan(1);
    }

    // favoriteToggle: the exception with its reason, the uncovered edge in red, and the path to it.
    await page
      .locator(`[data-excepted="${EXCEPTED}"]`)
      .getByText(/never does/)
      .waitFor();
    const red = page.locator(`.sc-edge[data-key="${UNCOVERED}"] polyline`).first();
    expect(await red.getAttribute('stroke')).toBe(MARK_COLOURS.uncovered);
    await page.screenshot({ path: '.tmp/screenshots/e2e-explorer-coverage.png' });
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);
    const svgText = fs.readFileSync(await svg.path(), 'utf8');
    expect(svgText).toContain(`stroke="${MARK_COLOURS.uncovered}"`);
    expect(svgText).toContain(`${UNCOVERED}: no UI run`);

    await page.locator(`[data-uncovered="${UNCOVERED}"]`).getByRole('button', { name: 'Path to it' }).click();
    await page.getByTestId('path-steps').waitFor();
    const machine = machineOf('favoriteToggle');
    const inNode = pathToTransition(
      machine,
      UNCOVERED,
      presetInputs('favoriteToggle'),
      offeredEvents('favoriteToggle', machine.events as string[]),
    );
    expect(inNode).not.toBeNull();
    const steps = page.locator('[data-testid="path-steps"] li');
    expect(await steps.count()).toBe(inNode!.steps.length);
    // Step by step: the chart's active state follows; the last step takes the edge (marked as the step's).
    for (let i = 1; i < inNode!.steps.length; i++) {
      await page.getByRole('button', { name: 'Next step' }).click();
      const value = inNode!.steps[i].value as string;
      await expect.poll(() => page.locator(`[data-state-id="favoriteToggle.${value}"]`).getAttribute('data-active')).toBe('true');
    }
    await expect.poll(() => page.locator(`.sc-edge[data-key="${UNCOVERED}"]`).getAttribute('data-mark')).toContain('path-now');
    await page.screenshot({ path: '.tmp/screenshots/e2e-explorer-path.png' });
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as model path' }).click(),
    ]);
    const p = loadRecordedPath(await exported.path());
    expect(p).toEqual(foundAsRecordedPath('favoriteToggle', inNode!));
    expect(recordedMismatches(machine, p)).toEqual([]);
    await ctx.close();
  });
});
