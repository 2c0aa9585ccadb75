import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../console/i18n/locales/en.json';
import ja from '../../console/i18n/locales/ja.json';
import { PLACEMENTS } from '../../core/console/schemas/home';
import { AREAS } from '../../console/app/nav';

const root = path.resolve(import.meta.dirname, '../..');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : []));

/** The console speaks English and Japanese: the same keys in both, and every literal key the console asks for exists. */
describe('console catalogs', () => {
  it('en and ja hold the same keys, none empty', () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries({ ...en, ...ja }).filter(([, v]) => v.trim() === '')).toEqual([]);
  });

  it('every literal t() key in the console is in the catalog', () => {
    const used = new Set<string>();
    for (const f of files(path.join(root, 'console')))
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/\bt\(\s*'(console\.[^']+)'/g)) used.add(m[1]);
    expect([...used].filter((k) => !(k in en))).toEqual([]);
  });

  it('the keys the console builds from values (areas, places, phases, states) exist', () => {
    const built = [
      ...AREAS.flatMap((a) => [`console.area.${a.key}`, `console.areaHint.${a.key}`]),
      ...PLACEMENTS.map((p) => `console.placement.${p}`),
      ...['draft', 'scheduled', 'live', 'ended'].map((p) => `console.phase.${p}`),
      ...['incomplete', 'invalid', 'scheduled', 'live', 'ended'].map((p) => `console.period.phase.${p}`),
      ...['draft', 'opening', 'open', 'closing', 'closed'].map((p) => `console.surveys.lifecycle.${p}`),
      ...['no-question', 'no-choice', 'limit-above-choices'].map((p) => `console.surveys.problem.${p}`),
      ...['none', 'title', 'chapter', 'webview', 'web'].map((k) => `console.action.${k}`),
      ...['bold', 'italic', 'heading', 'bullet', 'ordered', 'quote'].map((k) => `console.rich.${k}`),
    ];
    expect(built.filter((k) => !(k in en))).toEqual([]);
  });
});
