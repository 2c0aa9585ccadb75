import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every `pattern` attribute the console's forms carry is compiled by the browser with the `v` flag (HTML's rule):
 * one invalid there is ignored (the browser checks nothing) and logged. Each is compiled here as the browser does.
 */
const root = path.resolve(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : p.endsWith('.tsx') ? [p] : [];
  });

describe("the console's input patterns", () => {
  const found = sources(root).flatMap((f) =>
    [...fs.readFileSync(f, 'utf8').matchAll(/\bpattern="([^"]*)"/g)].map((m) => ({ file: path.relative(root, f), pattern: m[1] })),
  );
  it('are found', () => expect(found.length).toBeGreaterThan(0));
  it.each(found)('$file: $pattern compiles with the v flag', ({ pattern }) => {
    expect(() => new RegExp(`^(?:${pattern})$`, 'v')).not.toThrow();
  });
});
