/**
 * The module keys the server looks up in the browser build's manifest
 * (server/plugins/web.ts links their chunks' styles into the first views'
 * heads). A key naming a moved file once dropped the app's styles silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_MODULE, FIRST_VIEW_MODULES } from './serverRender';

const root = path.resolve(import.meta.dirname, '../..');
const keys = [APP_MODULE, ...Object.values(FIRST_VIEW_MODULES)];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every module some source loads with import('…'), as a manifest key (root-relative, with its extension). */
function dynamicImports(): Set<string> {
  const out = new Set<string>();
  for (const file of sources(path.join(root, 'src'))) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)) {
      const base = path.resolve(path.dirname(file), m[1]);
      for (const ext of ['', '.ts', '.tsx']) {
        if (fs.existsSync(base + ext) && fs.statSync(base + ext).isFile())
          out.add(
            path
              .relative(root, base + ext)
              .split(path.sep)
              .join('/'),
          );
      }
    }
  }
  return out;
}

/** The build's manifest where one was built (WEB_DIR as the server serves it, else dist/). */
function builtManifest(): Record<string, unknown> | null {
  const file = path.join(path.resolve(root, process.env.WEB_DIR ?? 'dist'), '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
}

describe('the module keys server rendering looks up', () => {
  it.each(keys)('%s is a source file that is loaded on its own (so the build names its chunk)', (key) => {
    expect(fs.existsSync(path.join(root, key)), `${key} does not exist`).toBe(true);
    // Only entries and dynamically imported modules are keys of Vite's manifest.
    expect(dynamicImports(), `nothing loads ${key} with import()`).toContain(key);
  });

  const manifest = builtManifest();
  it.runIf(manifest)('each is a key of the built manifest', () => {
    expect(keys.filter((k) => !Object.hasOwn(manifest!, k))).toEqual([]);
  });
});
