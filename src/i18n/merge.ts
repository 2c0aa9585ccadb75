/** Folds a locale's area catalogs ("./en/home.json" → { key }) into one table keyed "home.key". */
export function byArea(files: Record<string, Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, msgs] of Object.entries(files)) {
    const area = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
    for (const [k, v] of Object.entries(msgs)) out[`${area}.${k}`] = v;
  }
  return out;
}
