import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../console/i18n/locales/en.json';
import ja from '../../console/i18n/locales/ja.json';
import th from '../../console/i18n/locales/th.json';
import { CONSOLE_LOCALES, preferredLocale } from '../../console/i18n';
import { PLACEMENTS } from '../../core/console/schemas/home';
import { AREAS } from '../../console/app/nav';

const root = path.resolve(import.meta.dirname, '../..');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : []));

/** The console speaks English, Japanese and Thai: the same keys in each, and every literal key the console asks for exists. */
describe('console catalogs', () => {
  const catalogs: Record<string, Record<string, string>> = { en, ja, th };
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('every console locale has a catalog, each holding the same keys, none empty', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...CONSOLE_LOCALES].sort());
    for (const [l, c] of Object.entries(catalogs)) {
      expect({ l, keys: Object.keys(c).sort() }).toEqual({ l, keys: Object.keys(en).sort() });
      expect({ l, empty: Object.entries(c).filter(([, v]) => v.trim() === '') }).toEqual({ l, empty: [] });
    }
  });

  it('each catalog keeps the English placeholders of every key', () => {
    for (const [l, c] of Object.entries(catalogs))
      expect({
        l,
        bad: Object.keys(en).filter((k) => placeholders(c[k] ?? '').join() !== placeholders(en[k as keyof typeof en]).join()),
      }).toEqual({ l, bad: [] });
  });

  it('Thai is a translation, not English copied (only the language names are the same in every catalog)', () => {
    const words = (s: string) =>
      /[A-Za-z]{3,}/.test(
        s
          .replace(/\{\w+\}/g, '')
          .replace(
            /\b(API|CSV|JSON|HTML|URL|TOTP|PNG|JPEG|WebP|AVIF|GIF|TIFF|CBZ|ZIP|CMYK|RGB|GiB|MiB|UTC|PUBLIC_URL|Space|Enter|Escape|Alt|https|manga|reader|lines)\b/g,
            '',
          ),
      );
    const copied = Object.keys(en).filter((k) => words(en[k as keyof typeof en]) && !/[\u0E00-\u0E7F]/.test(th[k as keyof typeof th]));
    expect(copied).toEqual(['console.language.en']);
  });

  it('the language switch names each locale in its own language, the same in every catalog', () => {
    for (const l of CONSOLE_LOCALES) {
      const names = Object.values(catalogs).map((c) => c[`console.language.${l}`]);
      expect(new Set(names).size, l).toBe(1);
    }
    expect(en['console.language.th']).toBe('ไทย');
  });

  it('a Thai browser (th-TH) gets the Thai console, and a stored choice wins', () => {
    expect(preferredLocale(null, ['th-TH', 'en-US'])).toBe('th');
    expect(preferredLocale(null, ['fr-FR', 'th'])).toBe('th');
    expect(preferredLocale('th', ['ja-JP'])).toBe('th');
    expect(preferredLocale('en', ['th-TH'])).toBe('en');
    expect(preferredLocale(null, ['ja-JP', 'th-TH'])).toBe('ja');
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
