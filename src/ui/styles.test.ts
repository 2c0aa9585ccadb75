// Where styles live (docs/CONVENTIONS.md, "Styles"): each CSS file is loaded by the code it styles,
// none is over 300 lines, and the components of src/ui and of the shared layer (web/) carry their own
// styles (the app's stylesheet does not style them, so the console can use them without the reader's stylesheet).
// Colours are checked by stylelint (npm run lint).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const rel = (f: string) => path.relative(ROOT, f);

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const f = path.join(dir, e.name);
    return e.isDirectory() ? walk(f) : [f];
  });
}
const files = [...walk(path.join(ROOT, 'src')), ...walk(path.join(ROOT, 'web'))];
const cssFiles = files.filter((f) => f.endsWith('.css'));
const codeFiles = files.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

/** The CSS files a file imports (`import './x.css'` in code, `@import '../x.css'` in CSS), resolved. */
function cssImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^(?:import|@import)\s+'([^']+\.css)';/gm)].map((m) => m[1] ?? '');
  return specs.map((s) => path.resolve(path.dirname(file), s));
}

/** Classes a stylesheet's selectors name (outside comments and declarations). */
function selectorClasses(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const selectors = [...text.matchAll(/([^{}]+)\{/g)].map((m) => m[1] ?? '').filter((s) => !s.trim().startsWith('@'));
  return new Set(selectors.flatMap((s) => [...s.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? '')));
}

describe('styles', () => {
  it('finds the stylesheets', () => {
    expect(cssFiles.map(rel)).toEqual(
      expect.arrayContaining(['web/tokens.css', 'src/ui/base.css', 'src/app/styles.css', 'web/Modal.css'].map(path.normalize)),
    );
  });

  it('loads every stylesheet from the code or stylesheet that uses it', () => {
    const imported = new Set([...codeFiles, ...cssFiles].flatMap(cssImports));
    expect(cssFiles.filter((f) => !imported.has(f)).map(rel)).toEqual([]);
    expect([...imported].filter((f) => !fs.existsSync(f)).map(rel)).toEqual([]);
  });

  it('keeps every stylesheet under 300 lines', () => {
    const long = cssFiles.map((f) => [rel(f), fs.readFileSync(f, 'utf8').split('\n').length] as const).filter(([, n]) => n > 300);
    expect(long).toEqual([]);
  });

  it('styles the components of src/ui and web/ only from their own stylesheets', () => {
    const uiCss = cssFiles.filter(
      (f) => [`src${path.sep}ui${path.sep}`, `web${path.sep}`].some((d) => rel(f).startsWith(d)) && !f.endsWith('tokens.css'),
    );
    const owned = new Set(uiCss.flatMap((f) => [...selectorClasses(f)]));
    // (Sanity: the ownership set is what the components use.)
    expect([...owned]).toEqual(expect.arrayContaining(['modal', 'popup', 'title-card', 'search-box', 'button']));
    const appCss = cssFiles.filter((f) => rel(f).startsWith(`src${path.sep}app${path.sep}`));
    const trespass = appCss.flatMap((f) => [...selectorClasses(f)].filter((c) => owned.has(c)).map((c) => `${rel(f)}: .${c}`));
    expect(trespass).toEqual([]);
  });

  it('imports the tokens once, at the bottom of the app stylesheet', () => {
    const importers = [...codeFiles, ...cssFiles].filter((f) => cssImports(f).includes(path.join(ROOT, 'web', 'tokens.css')));
    expect(importers.map(rel)).toEqual([path.join('src', 'app', 'styles.css')]);
  });
});
